/*
 * Output schemas of the employees procedures (issue 17): what the services return today, field for field,
 * so the OpenAPI document types each result. Procedures check results against them with the
 * server's `returns()` (it never strips a field). Dates are Date objects here; JSON carries ISO text.
 */
import { z } from 'zod';
import { employeeRefShape, idOutput, namedRefs, nullableNamedRefs, okOutput, pageOutput } from '../shared/outputs';

const employeeImportErrorShape = z.object({ row: z.number(), column: z.string(), message: z.string() });
const employeeImportPreviewRowShape = z.object({
  row: z.number(),
  employeeNumber: z.string().nullable(),
  name: z.string(),
  email: z.string(),
  companyOffice: z.string(),
  department: z.string().nullable(),
  jobPosition: z.string().nullable(),
  entryDate: z.string(),
});
const employeeImportReportShape = z.object({
  rows: z.number(),
  valid: z.number(),
  invalid: z.number(),
  errors: z.array(employeeImportErrorShape),
  preview: z.array(employeeImportPreviewRowShape),
});
const employeeImportResultShape = z.object({
  imported: z.number(),
  skipped: z.number(),
  errors: z.array(employeeImportErrorShape),
});
const applicantStage = z.enum(['rejected', 'applied', 'interview', 'offered', 'hired']);
const applicantRowShape = z.object({
  id: z.number(),
  source: z.enum(['manual', 'registration']),
  registrationId: z.number().nullable(),
  name: z.string(),
  givenName: z.string(),
  surname: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  ...namedRefs('companyOffice'),
  ...nullableNamedRefs('jobPosition'),
  positionApplied: z.string(),
  stage: applicantStage,
  cvFileName: z.string().nullable(),
  employeeId: z.number().nullable(),
  employeeNumber: z.string().nullable(),
  createdAt: z.string(),
});
const applicantNoteShape = z.object({
  id: z.number(),
  stage: applicantStage.nullable(),
  note: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
const applicantDetailShape = z.object({
  gender: z.enum(['Male', 'Female']).nullable(),
  birthDate: z.string().nullable(),
  religionId: z.number().nullable(),
  educationLevelId: z.number().nullable(),
  maritalStatusId: z.number().nullable(),
  cvContentType: z.string().nullable(),
  cvSize: z.number().nullable(),
  notes: z.array(applicantNoteShape),
  ...applicantRowShape.shape,
});
const signatureQrInfoShape = z.object({
  signature: z
    .object({
      fileName: z.string(),
      contentType: z.enum(['image/jpeg', 'image/png']),
      size: z.number(),
      uploadedAt: z.string(),
      uploadedBy: z.string().nullable(),
    })
    .nullable(),
  qrCode: z
    .object({ text: z.string(), cardCode: z.string(), generatedAt: z.string(), generatedBy: z.string().nullable() })
    .nullable(),
});
const contractRowShape = z.object({
  id: z.number(),
  employeeId: z.number(),
  contractNumber: z.string(),
  contractType: z.number(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  basicSalary: z.string(),
  salaryChange: z.string().nullable(),
  notes: z.string().nullable(),
  fileName: z.string().nullable(),
  fileSize: z.number().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
/** A second contract is a contract with a second company (spec: second contracts run beside the main one). */
const secondContractRowShape = z.object({ ...namedRefs('secondCompany'), ...contractRowShape.shape });
const uploadedFileShape = z.object({ id: z.number(), fileName: z.string(), fileSize: z.number() });
const managerRowShape = z.object({
  id: z.number(),
  managerEmployeeId: z.number(),
  managerName: z.string(),
  managerNumber: z.string(),
  employeeId: z.number(),
  employeeName: z.string(),
  employeeNumber: z.string(),
  department: z.string().nullable(),
  active: z.boolean(),
  note: z.string().nullable(),
});
const namedShape = z.object({ id: z.number(), name: z.string() });
const parentShape = z
  .object({
    name: z.string(),
    birthDate: z.string().nullable(),
    phone: z.string().nullable(),
    occupation: z.string().nullable(),
    alive: z.boolean(),
  })
  .nullable();
const employeeDetailShape = z.object({
  id: z.number(),
  employeeNumber: z.string(),
  name: z.string(),
  resigned: z.number(),
  personal: z.object({
    givenName: z.string(),
    surname: z.string(),
    gender: z.enum(['Male', 'Female']),
    birthDate: z.string(),
    birthPlace: z.string().nullable(),
    religion: namedShape,
    maritalStatus: namedShape,
    educationLevel: namedShape,
    nationalId: z.string().nullable(),
    taxId: z.string().nullable(),
    nationality: namedShape.nullable(),
    ptkpStatus: namedShape.extend({ code: z.string() }).nullable(),
  }),
  contact: z.object({
    email: z.string(),
    personalEmail: z.string().nullable(),
    phone: z.string().nullable(),
    address: z.string().nullable(),
    domicileAddress: z.string().nullable(),
    city: z.string().nullable(),
    postalCode: z.string().nullable(),
    homeOwnership: z.number().nullable(),
  }),
  employment: z.object({
    companyOffice: namedShape,
    department: namedShape.nullable(),
    division: namedShape.nullable(),
    section: namedShape.nullable(),
    jobPosition: namedShape.nullable(),
    jobLevel: namedShape.nullable(),
    contractType: z.number().nullable(),
    entryDate: z.string(),
    firstJoinDate: z.string().nullable(),
    contractStartDate: z.string().nullable(),
    annualLeaveDate: z.string().nullable(),
  }),
  emergency: z.object({
    contacts: z.array(
      z.object({
        name: z.string(),
        relationship: z.enum(['Family', 'Friend']),
        phone: z.string(),
        address: z.string().nullable(),
      }),
    ),
  }),
  parents: z.object({ father: parentShape, mother: parentShape }),
  sibling: z.object({
    siblings: z.array(
      z.object({
        name: z.string(),
        gender: z.enum(['Male', 'Female']),
        birthDate: z.string().nullable(),
        educationLevel: namedShape.nullable(),
        occupation: z.string().nullable(),
      }),
    ),
  }),
  medical: z.object({
    bloodType: z.enum(['A', 'B', 'AB', 'O']).nullable(),
    heightCm: z.number().nullable(),
    weightKg: z.number().nullable(),
    allergies: z.string().nullable(),
    medicalNotes: z.string().nullable(),
    bpjsKesehatanNumber: z.string().nullable(),
    bpjsKetenagakerjaanNumber: z.string().nullable(),
  }),
  login: z
    .object({
      userId: z.number(),
      email: z.string(),
      active: z.boolean(),
      roles: z.array(z.string()),
      lastLoginAt: z.string().nullable(),
    })
    .nullable(),
  bank: z.object({
    bank: namedShape.nullable(),
    bankAccountNumber: z.string().nullable(),
    bankAccountName: z.string().nullable(),
  }),
  previousCompany: z.object({
    companies: z.array(
      z.object({
        companyName: z.string(),
        jobTitle: z.string().nullable(),
        startDate: z.string(),
        endDate: z.string().nullable(),
        reasonForLeaving: z.string().nullable(),
      }),
    ),
  }),
});
const fieldChangeShape = z.object({ field: z.string(), old: z.unknown().optional(), new: z.unknown().optional() });
/** Who decided a request, and when (null while it waits). */
const decisionShape = { decidedBy: z.string().nullable(), decidedAt: z.string().nullable() };
const updateRequestRowShape = z.object({
  id: z.number(),
  ...employeeRefShape,
  section: z.enum(['personal', 'contact', 'emergency', 'parents', 'sibling', 'medical', 'bank', 'previousCompany']),
  status: z.number(),
  changes: z.array(fieldChangeShape),
  note: z.string().nullable(),
  requestedAt: z.string(),
  ...decisionShape,
});
const resignationRowShape = z.object({
  id: z.number(),
  ...employeeRefShape,
  department: z.string().nullable(),
  requestDate: z.string(),
  lastWorkingDay: z.string(),
  reason: z.string(),
  status: z.number(),
  decisionNote: z.string().nullable(),
  ...decisionShape,
});
const placementShape = z.object({
  companyOffice: z.string(),
  department: z.string().nullable(),
  division: z.string().nullable(),
  section: z.string().nullable(),
  jobPosition: z.string().nullable(),
  jobLevel: z.string().nullable(),
});
const recordRowShape = z.object({
  id: z.number(),
  employeeId: z.number(),
  changeType: z.number(),
  effectiveDate: z.string(),
  from: placementShape,
  to: placementShape,
  toIds: z.object({
    companyOfficeId: z.number(),
    departmentId: z.number().nullable(),
    divisionId: z.number().nullable(),
    sectionId: z.number().nullable(),
    jobPositionId: z.number().nullable(),
    jobLevelId: z.number().nullable(),
  }),
  reason: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
const employeeListRowShape = z.object({
  id: z.number(),
  employeeNumber: z.string(),
  name: z.string(),
  email: z.string(),
  gender: z.string(),
  ...namedRefs('companyOffice'),
  ...nullableNamedRefs('department', 'division'),
  jobPosition: z.string().nullable(),
  entryDate: z.string(),
  resigned: z.number(),
});

export const dryRunEmployeeImportOutput = employeeImportReportShape;
export const importEmployeesOutput = employeeImportResultShape;
export const listApplicantsOutput = pageOutput(applicantRowShape);
export const getApplicantOutput = applicantDetailShape;
export const createApplicantOutput = idOutput;
export const applicantFromRegistrationOutput = idOutput;
export const setApplicantStageOutput = z.object({ id: z.number(), stage: applicantStage });
export const addApplicantNoteOutput = idOutput;
export const uploadApplicantCvOutput = idOutput;
export const hireApplicantOutput = z.object({ employeeId: z.number(), employeeNumber: z.string() });
export const listSecondContractsOutput = pageOutput(secondContractRowShape);
export const getSecondContractOutput = secondContractRowShape;
export const createSecondContractOutput = idOutput;
export const updateSecondContractOutput = idOutput;
export const uploadSecondContractFileOutput = uploadedFileShape;
export const getSignatureQrInfoOutput = signatureQrInfoShape;
export const uploadSignatureOutput = signatureQrInfoShape;
export const deleteSignatureOutput = idOutput;
export const getOwnSignatureQrInfoOutput = signatureQrInfoShape;
export const uploadOwnSignatureOutput = signatureQrInfoShape;
export const updateEmployeeSectionOutput = z.object({ id: z.number(), section: z.unknown() });
export const createEmployeeOutput = z.object({ id: z.number(), employeeNumber: z.string() });
export const listContractsOutput = pageOutput(contractRowShape);
export const getContractOutput = contractRowShape;
export const createContractOutput = idOutput;
export const updateContractOutput = idOutput;
export const uploadContractFileOutput = uploadedFileShape;
export const listManagersOutput = pageOutput(managerRowShape);
export const getManagerOutput = managerRowShape;
export const createManagersOutput = z.object({ added: z.number(), reactivated: z.number() });
export const updateManagerOutput = idOutput;
const managerActiveShape = z.object({ id: z.number(), active: z.boolean() });
export const activateManagerOutput = managerActiveShape;
export const inactivateManagerOutput = managerActiveShape;
export const getOwnEmployeeDetailOutput = employeeDetailShape;
export const submitUpdateRequestOutput = idOutput;
export const listMyUpdateRequestsOutput = pageOutput(updateRequestRowShape);
export const cancelMyUpdateRequestOutput = z.object({ id: z.number(), status: z.literal(4) });
export const listUpdateRequestsOutput = pageOutput(updateRequestRowShape);
export const approveUpdateRequestOutput = z.object({ id: z.number(), status: z.literal(1) });
export const disapproveUpdateRequestOutput = z.object({ id: z.number(), status: z.literal(2) });
export const deleteUpdateRequestOutput = okOutput;
export const requestResignationOutput = idOutput;
export const listMyResignationsOutput = pageOutput(resignationRowShape);
export const cancelMyResignationOutput = z.object({ id: z.number(), status: z.literal(4) });
export const listResignationsOutput = pageOutput(resignationRowShape);
export const getResignationOutput = resignationRowShape;
export const createResignationOutput = idOutput;
const resignationStatusShape = z.object({ id: z.number(), status: z.number() });
export const approveResignationOutput = resignationStatusShape;
export const disapproveResignationOutput = resignationStatusShape;
export const cancelResignationOutput = resignationStatusShape;
export const deleteResignationOutput = okOutput;
export const listRecordsOutput = pageOutput(recordRowShape);
export const getRecordOutput = recordRowShape;
export const createRecordOutput = idOutput;
export const updateEmploymentRecordOutput = idOutput;
export const deleteEmploymentRecordOutput = okOutput;
export const updateResignationOutput = idOutput;
export const updateMyResignationOutput = idOutput;
export const getEmployeeDetailOutput = employeeDetailShape;
export const updateEmployeeLoginOutput = z.object({ id: z.number(), section: z.literal('login') });
export const resetEmployeeLoginPasswordOutput = z.object({ id: z.number(), email: z.string(), temporaryPassword: z.string() });
export const listEmployeesOutput = pageOutput(employeeListRowShape).extend({
  /** True when more employees match than the total says (the count stops at 10,000 unless `exactTotal`). */
  totalCapped: z.boolean(),
});

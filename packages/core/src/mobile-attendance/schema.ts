import { z } from 'zod';
import { id, isoDate, optionalId, pageInput, requiredText, text } from '../shared/zod';

/**
 * Live attendance on the phone (issue 21 part 2): inputs, enums and result shapes. Browser-safe:
 * the web app validates with the same schemas.
 */

/** Outside every fence: refused, or kept as a punch a manager approves. Never silently accepted. */
export const OUTSIDE_POLICIES = ['refuse', 'needs-approval'] as const;
export type OutsidePolicy = (typeof OUTSIDE_POLICIES)[number];
export const MOBILE_PUNCH_KINDS = ['in', 'out'] as const;
export type MobilePunchKind = (typeof MOBILE_PUNCH_KINDS)[number];
export const MOBILE_PUNCH_STATUSES = ['accepted', 'pending', 'approved', 'rejected'] as const;
export type MobilePunchStatus = (typeof MOBILE_PUNCH_STATUSES)[number];

/** Selfie limits: a 640×480 JPEG frame is 30–80 KB; 400 KB leaves room and stops a photo library upload. */
export const SELFIE_MAX_BYTES = 400 * 1024;
export const SELFIE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** How long a clock-in may wait on a phone without signal before it is sent (hours). */
export const OFFLINE_MAX_HOURS = 72;
/** How far a phone's clock may run ahead of the server's (minutes). */
export const CLOCK_AHEAD_MAX_MINUTES = 5;

const latitude = z.coerce
  .number('must be a number')
  .refine(Number.isFinite, 'must be a number')
  .min(-90, 'must be between -90 and 90')
  .max(90, 'must be between -90 and 90');
const longitude = z.coerce
  .number('must be a number')
  .refine(Number.isFinite, 'must be a number')
  .min(-180, 'must be between -180 and 180')
  .max(180, 'must be between -180 and 180');

export const mobileSettingsInput = z.object({
  outsidePolicy: z.enum(OUTSIDE_POLICIES, 'must be refuse or needs-approval'),
  maxAccuracyM: z.coerce.number().int('must be a whole number').min(5, 'must be 5 to 5000').max(5000, 'must be 5 to 5000'),
  selfieRetentionDays: z.coerce.number().int('must be a whole number').min(1, 'must be 1 to 3650').max(3650, 'must be 1 to 3650'),
});
export type MobileSettings = z.output<typeof mobileSettingsInput>;

const geofenceFields = {
  companyOfficeId: id,
  name: requiredText(100),
  latitude,
  longitude,
  radiusM: z.coerce.number().int('must be a whole number').min(10, 'must be 10 to 50000').max(50000, 'must be 10 to 50000'),
  active: z.boolean().default(true),
};
export const createGeofenceInput = z.object(geofenceFields);
export const updateGeofenceInput = z.object({ id, ...geofenceFields });
export const geofenceIdInput = z.object({ id });
export const listGeofencesInput = z.object({ companyOfficeId: optionalId }).default({});

export const SUBJECT_TYPES = ['employee', 'job_position'] as const;
export const allowedOfficeInput = z.object({
  subjectType: z.enum(SUBJECT_TYPES, 'must be employee or job_position'),
  subjectId: id,
  companyOfficeId: id,
});
export const allowedOfficeIdInput = z.object({ id });

const clientId = z
  .string()
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'must be a UUID')
  .transform((s) => s.toLowerCase());
const instant = z
  .string()
  .max(40)
  .refine(
    (s) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(s),
    'must be an ISO date-time with zone',
  )
  .refine((s) => !Number.isNaN(Date.parse(s)), 'must be a real date-time');

/** A clock-in or -out from the phone. `clientId` is generated on the phone, so a retry is stored once. */
export const clockInput = z.object({
  clientId,
  kind: z.enum(MOBILE_PUNCH_KINDS, 'must be in or out'),
  latitude,
  longitude,
  /** The browser's reported accuracy radius (metres, 68 % confidence). */
  accuracyM: z.coerce.number('must be a number').min(0, 'must be 0 or more').max(100_000, 'must be at most 100000'),
  /** When the phone took it (used only for a clock-in made offline). */
  takenAt: instant,
  offline: z.boolean().default(false),
  selfie: z.object({
    contentType: z.enum(SELFIE_TYPES, 'must be a JPEG, PNG or WebP image'),
    // base64 of at most SELFIE_MAX_BYTES (4 characters per 3 bytes).
    contentBase64: z
      .string()
      .min(1, 'is required')
      .max(Math.ceil(SELFIE_MAX_BYTES / 3) * 4 + 4, `must be at most ${SELFIE_MAX_BYTES / 1024} KB`)
      .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'must be base64'),
  }),
});

export const listMobilePunchesInput = pageInput.extend({
  date: isoDate.optional(),
  status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(MOBILE_PUNCH_STATUSES).optional()),
  companyOfficeId: optionalId,
  search: text(100).optional(),
});
export const mobilePunchIdInput = z.object({ id });
export const decideMobilePunchInput = z.object({
  id,
  decision: z.enum(['approve', 'reject'], 'must be approve or reject'),
  note: text(500).optional(),
});

// ---------------------------------------------------------------------------------------------
// Results

const fenceShape = z.object({
  id: z.number(),
  companyOfficeId: z.number(),
  companyOffice: z.string(),
  name: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  radiusM: z.number(),
  active: z.boolean(),
});
export type Geofence = z.infer<typeof fenceShape>;
export const geofencesOutput = z.array(fenceShape);
export const geofenceOutput = fenceShape;
export const mobileSettingsOutput = z.object({
  outsidePolicy: z.enum(OUTSIDE_POLICIES),
  maxAccuracyM: z.number(),
  selfieRetentionDays: z.number(),
});
export const allowedOfficesOutput = z.array(
  z.object({
    id: z.number(),
    subjectType: z.enum(SUBJECT_TYPES),
    subjectId: z.number(),
    subject: z.string(),
    companyOfficeId: z.number(),
    companyOffice: z.string(),
  }),
);
export { idOutput, okOutput } from '../shared/outputs';

const ownPunchShape = z.object({
  clientId: z.string(),
  kind: z.enum(MOBILE_PUNCH_KINDS),
  localTime: z.string(),
  status: z.enum(MOBILE_PUNCH_STATUSES),
  inside: z.boolean(),
  distanceM: z.number().nullable(),
  offline: z.boolean(),
});
export const myMobileStatusOutput = z.object({
  employeeName: z.string(),
  outsidePolicy: z.enum(OUTSIDE_POLICIES),
  maxAccuracyM: z.number(),
  fences: geofencesOutput,
  today: z.array(ownPunchShape),
});
export const clockOutput = z.object({
  ...ownPunchShape.shape,
  /** True when this client id was already stored (an offline retry): nothing was stored twice. */
  duplicate: z.boolean(),
  fence: z.string().nullable(),
  companyOffice: z.string().nullable(),
});
export type ClockResult = z.infer<typeof clockOutput>;

const mobilePunchRowShape = z.object({
  id: z.number(),
  employeeId: z.number(),
  employeeNumber: z.string(),
  employeeName: z.string(),
  kind: z.enum(MOBILE_PUNCH_KINDS),
  localTime: z.string(),
  receivedAt: z.string(),
  offline: z.boolean(),
  latitude: z.number(),
  longitude: z.number(),
  accuracyM: z.number(),
  companyOfficeId: z.number().nullable(),
  companyOffice: z.string().nullable(),
  fenceId: z.number().nullable(),
  fence: z.string().nullable(),
  distanceM: z.number().nullable(),
  inside: z.boolean(),
  status: z.enum(MOBILE_PUNCH_STATUSES),
  decidedAt: z.string().nullable(),
  decisionNote: z.string().nullable(),
  hasSelfie: z.boolean(),
});
export type MobilePunchRow = z.infer<typeof mobilePunchRowShape>;
export const mobilePunchesOutput = z.object({
  rows: z.array(mobilePunchRowShape),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  date: z.string(),
  fences: geofencesOutput,
});
export const selfieOutput = z.object({ contentType: z.string(), contentBase64: z.string() });
export const decideOutput = z.object({ id: z.number(), status: z.enum(MOBILE_PUNCH_STATUSES) });

/*
 * Output schemas of the devices procedures (issue 17): what the services return today, field for field,
 * so the OpenAPI document types each result. Procedures check results against them with the
 * server's `returns()` (it never strips a field). Dates are Date objects here; JSON carries ISO text.
 */
import { z } from 'zod';
import { okOutput, pageOutput } from '../shared/outputs';
import { DEVICE_DRIVERS, DEVICE_REFUSAL_KINDS } from './schema';

const punchResultShape = z.object({
  index: z.number(),
  status: z.enum(['inserted', 'duplicate', 'rejected']),
  message: z.string().optional(),
});
const ingestResultShape = z.object({ items: z.array(punchResultShape) });
/** The registration fields every device result opens with. */
const deviceRegistration = {
  id: z.number(),
  name: z.string(),
  driver: z.enum(DEVICE_DRIVERS),
  address: z.string(),
  port: z.number(),
  serial: z.string(),
  companyOfficeId: z.number().nullable(),
};
const deviceRowShape = z.object({
  ...deviceRegistration,
  companyOffice: z.string().nullable(),
  timeZone: z.string(),
  hasCommKey: z.boolean(),
  active: z.boolean(),
  lastSeenAt: z.string().nullable(),
  skewMs: z.number().nullable(),
  punches: z.number(),
});
const deviceStatusShape = z.object({
  lastSeenAt: z.string().nullable(),
  skewMs: z.number().nullable(),
  agent: z.string().nullable(),
  reports: z.number(),
  punchesReceived: z.number(),
});
const scanRowShape = z.object({
  id: z.string(),
  pin: z.string(),
  localTime: z.string(),
  state: z.number(),
  verifyType: z.number(),
  agent: z.string().nullable(),
  receivedAt: z.string(),
  employeeId: z.number().nullable(),
  employeeName: z.string().nullable(),
  employeeNumber: z.string().nullable(),
  outsideNetwork: z.boolean(),
  ingestIp: z.string().nullable(),
});
const pinSummaryShape = z.object({
  pin: z.string(),
  punches: z.number(),
  firstPunch: z.string(),
  lastPunch: z.string(),
  employeeId: z.number().nullable(),
  employeeName: z.string().nullable(),
  employeeNumber: z.string().nullable(),
});
const deviceDetailShape = deviceRowShape.omit({ punches: true }).extend({
  commKey: z.number().nullable(),
  status: deviceStatusShape,
  skewWarning: z.boolean(),
  logCounts: z.object({
    total: z.number(),
    mapped: z.number(),
    unmapped: z.number(),
    today: z.number(),
    lastPunch: z.string().nullable(),
    outsideNetwork: z.number(),
  }),
  recentScans: z.array(scanRowShape),
  cloudId: z.string().nullable(),
  cloudSecretSetAt: z.string().nullable(),
  refusals: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(DEVICE_REFUSAL_KINDS),
      deviceSerial: z.string(),
      source: z.string(),
      boundSerial: z.string().nullable(),
      firstAt: z.string(),
      lastAt: z.string(),
      times: z.number(),
      punches: z.number(),
      lastMessage: z.string().nullable(),
    }),
  ),
  mappedPins: z.array(pinSummaryShape),
  unmappedPins: z.array(pinSummaryShape),
});
const deviceCommandRowShape = z.object({
  id: z.number(),
  kind: z.enum(['upload-users', 'backup-users']),
  status: z.enum(['pending', 'failed', 'done']),
  users: z.number().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  fetchedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  hasBackup: z.boolean(),
});
const agentCommandShape = z.object({
  id: z.number(),
  serial: z.string(),
  kind: z.enum(['upload-users', 'backup-users']),
  payload: z.object({
    users: z
      .array(
        z.object({
          pin: z.string(),
          name: z.string(),
          privilege: z.number(),
          password: z.string(),
          card: z.number(),
          templates: z.array(z.record(z.string(), z.union([z.string(), z.number()]))).optional(),
        }),
      )
      .optional(),
  }),
});
const hotspotRowShape = z.object({
  id: z.number(),
  name: z.string(),
  cidr: z.string(),
  companyOfficeId: z.number().nullable(),
  companyOffice: z.string().nullable(),
  active: z.boolean(),
});

export const ingestFromAgentOutput = ingestResultShape;
export const listDevicesOutput = pageOutput(deviceRowShape);
export const getDeviceOutput = deviceDetailShape;
export const createDeviceOutput = z.object({
  ...deviceRegistration,
  timeZone: z.string(),
  commKeySet: z.boolean(),
  cloudId: z.string().nullable(),
  active: z.boolean(),
});
export const updateDeviceOutput = z.object({
  ...createDeviceOutput.shape,
});
export const deleteDeviceOutput = okOutput;
export const listScanLogOutput = pageOutput(scanRowShape);
export const queueDeviceCommandOutput = deviceCommandRowShape;
export const listDeviceCommandsOutput = z.array(deviceCommandRowShape);
export const agentPendingCommandsOutput = z.array(agentCommandShape);
export const agentCommandResultOutput = okOutput;
export const listHotspotsOutput = pageOutput(hotspotRowShape);
export const createHotspotOutput = hotspotRowShape;
export const updateHotspotOutput = hotspotRowShape;
export const deleteHotspotOutput = okOutput;

import { z } from 'zod';
import type { FileDownload } from '../shared/outputs';
import { id, isoDate, optionalId, pageInput, requiredText, text, textBool } from '../shared/zod';
import { nullableId } from '../shared/zod-optional';
import { ianaTimeZone, INDONESIAN_TIME_ZONES } from '../shared/time-zone';

/**
 * Fingerprint terminals (spec §7 `fingerspot/device`, `fingerspot/excel`) and network hotspots
 * (`network/hotspot`). Browser-safe: the /developer forms validate with these same schemas.
 * Update inputs are partial: a field left out keeps its value.
 */

export const DEVICE_DRIVERS = ['zk', 'easylink', 'adms', 'fingerspot-cloud'] as const;
export type DeviceDriver = (typeof DEVICE_DRIVERS)[number];
export const DRIVER_LABELS: Record<DeviceDriver, string> = {
  zk: 'ZK protocol (TCP 4370)',
  easylink: 'Fingerspot EasyLink (FService HTTP)',
  adms: 'ZKTeco ADMS push (the terminal calls /iclock)',
  'fingerspot-cloud': 'Fingerspot.io cloud (webhook to /fingerspot/cloud/webhook)',
};
export const DEFAULT_PORTS: Record<DeviceDriver, number> = { zk: 4370, easylink: 7005, adms: 8081, 'fingerspot-cloud': 443 };
const DRIVER_MESSAGE = 'must be zk, easylink, adms or fingerspot-cloud';

/** Time zones a terminal in Indonesia is set to (WIB, WITA, WIT), offered first by the forms. */
export const DEVICE_TIME_ZONES = INDONESIAN_TIME_ZONES;

/** An IANA time zone the runtime knows (shared/time-zone, as offices have). */
export const timeZone = ianaTimeZone;

/** A terminal serial number as it reports it (the key punches are stored under). */
export const deviceSerial = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(64)
  .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/, 'must be letters, digits, ".", "-" or "_"');

const HOST_NAME = /^[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*$/;

/** A host name, an IPv4 or an IPv6 address (no port, no scheme, no brackets). */
export const deviceAddress = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(253)
  .refine((s) => HOST_NAME.test(s) || isIpv6(s), 'must be a host name or IP address, without port');

const port = z.coerce.number().int('must be a whole number').min(1, 'must be 1 to 65535').max(65535, 'must be 1 to 65535');
const commKey = z.preprocess(
  (v) => (v === '' ? null : v),
  z.coerce.number().int('must be a whole number').min(0, 'must be 0 to 999999').max(999_999, 'must be 0 to 999999').nullable(),
);

/** A Fingerspot.io cloud id as the cloud sends it in `cloud_id` (the terminal's id in the cloud). */
export const cloudId = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(64)
  .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/, 'must be letters, digits, ".", "-" or "_"');
/** Blank means none (the form sends ''); required for driver fingerspot-cloud (checked by the service on update). */
const optionalCloudId = z.preprocess((v) => (v === '' ? null : v), cloudId.nullable().optional());

export const createDeviceInput = z
  .object({
    name: requiredText(100),
    driver: z.enum(DEVICE_DRIVERS, DRIVER_MESSAGE),
    address: deviceAddress,
    port,
    serial: deviceSerial,
    companyOfficeId: nullableId,
    timeZone: timeZone.default('Asia/Jakarta'),
    commKey: commKey.optional(),
    cloudId: optionalCloudId,
    active: textBool.default(true),
  })
  .superRefine((v, ctx) => {
    if (v.driver === 'fingerspot-cloud' && !v.cloudId) {
      ctx.addIssue({ code: 'custom', path: ['cloudId'], message: 'is required for a Fingerspot.io cloud terminal' });
    }
  });
export const updateDeviceInput = z.object({
  id,
  name: requiredText(100).optional(),
  driver: z.enum(DEVICE_DRIVERS, DRIVER_MESSAGE).optional(),
  address: deviceAddress.optional(),
  port: port.optional(),
  serial: deviceSerial.optional(),
  companyOfficeId: nullableId,
  timeZone: timeZone.optional(),
  commKey: commKey.optional(),
  cloudId: optionalCloudId,
  active: textBool.optional(),
});
export const deviceIdInput = z.object({ id });
export const listDevicesInput = pageInput.extend({
  search: text(100).optional(),
  companyOfficeId: optionalId,
  driver: z.preprocess((v) => (v === '' ? undefined : v), z.enum(DEVICE_DRIVERS).optional()),
});

export const scanLogInput = pageInput.extend({
  id,
  from: z.preprocess((v) => (v === '' ? undefined : v), isoDate.optional()),
  to: z.preprocess((v) => (v === '' ? undefined : v), isoDate.optional()),
  pin: text(32).optional(),
  unmapped: z.preprocess((v) => (v === '' ? undefined : v), textBool.optional()),
  /** Only scans uploaded from outside every office network (true) or only the others (false). */
  outsideNetwork: z.preprocess((v) => (v === '' ? undefined : v), textBool.optional()),
});

/** `fingerspot/excel`: the scan log of one terminal (or all) as XLSX. */
export const scanLogExcelInput = z.object({
  deviceId: optionalId,
  from: z.preprocess((v) => (v === '' ? undefined : v), isoDate.optional()),
  to: z.preprocess((v) => (v === '' ? undefined : v), isoDate.optional()),
});
export const SCANLOG_EXCEL_LIMIT = 100_000;

export interface DeviceStatus {
  /** When an agent last reported this terminal (ISO, UTC); null: never. */
  lastSeenAt: string | null;
  /** Terminal clock minus true time at that report, in milliseconds. */
  skewMs: number | null;
  agent: string | null;
  reports: number;
  punchesReceived: number;
}

export interface DeviceRow {
  id: number;
  name: string;
  driver: DeviceDriver;
  address: string;
  port: number;
  serial: string;
  companyOfficeId: number | null;
  companyOffice: string | null;
  timeZone: string;
  /** Whether a comm key is set (the key itself is returned only by `detail`). */
  hasCommKey: boolean;
  active: boolean;
  lastSeenAt: string | null;
  skewMs: number | null;
  punches: number;
}

export interface ScanRow {
  id: string;
  pin: string;
  localTime: string;
  state: number;
  verifyType: number;
  agent: string | null;
  receivedAt: string;
  employeeId: number | null;
  employeeName: string | null;
  employeeNumber: string | null;
  /** Uploaded from outside every office network (`network/hotspot`), flagged at ingest. */
  outsideNetwork: boolean;
  /** The uploader's address, kept for flagged scans. */
  ingestIp: string | null;
}

export interface PinSummary {
  pin: string;
  punches: number;
  firstPunch: string;
  lastPunch: string;
  employeeId: number | null;
  employeeName: string | null;
  employeeNumber: string | null;
}

export interface DeviceDetail extends Omit<DeviceRow, 'punches'> {
  commKey: number | null;
  status: DeviceStatus;
  /** Skew beyond this is flagged (the agent warns at the same limit). */
  skewWarning: boolean;
  logCounts: {
    total: number;
    mapped: number;
    unmapped: number;
    today: number;
    lastPunch: string | null;
    /** Scans uploaded from outside every office network. */
    outsideNetwork: number;
  };
  recentScans: ScanRow[];
  /** Fingerspot.io cloud id (driver fingerspot-cloud), else null. */
  cloudId: string | null;
  /** When the webhook secret was last issued (ISO, UTC); null: none yet (every webhook is refused). */
  cloudSecretSetAt: string | null;
  /** What was refused for this terminal (newest first): see DeviceRefusal. */
  refusals: DeviceRefusal[];
  mappedPins: PinSummary[];
  unmappedPins: PinSummary[];
}

export { SKEW_WARNING_MS } from '../shared/device-clock';

/**
 * Why something sent for a terminal was not stored:
 * - credential-bound-elsewhere: punches of this terminal uploaded with an OAuth credential bound to
 *   another terminal (`boundSerial`); the agent keeps them in its quarantine.
 * - webhook-secret: a Fingerspot.io webhook for this terminal's cloud id with a missing or wrong secret.
 * - webhook-inactive: a webhook for a terminal registered but inactive.
 */
export const DEVICE_REFUSAL_KINDS = ['credential-bound-elsewhere', 'webhook-secret', 'webhook-inactive'] as const;
export type DeviceRefusalKind = (typeof DEVICE_REFUSAL_KINDS)[number];

/** Refusals of one kind from one source for one terminal, counted. */
export interface DeviceRefusal {
  id: string;
  kind: DeviceRefusalKind;
  /** The terminal the refused punches or requests were for. */
  deviceSerial: string;
  /** Who sent them: the credential (name and client id) or the webhook caller's address. */
  source: string;
  /** credential-bound-elsewhere: the terminal the credential is bound to. */
  boundSerial: string | null;
  firstAt: string;
  lastAt: string;
  /** Requests refused. */
  times: number;
  /** Punches refused (not stored). */
  punches: number;
  lastMessage: string | null;
}

/** The scan log XLSX file and how many punches it holds. */
export interface ScanLogExcel extends FileDownload {
  rows: number;
}

// ---------------------------------------------------------------------------------------------
// Network hotspots

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/** Whether s is an IPv6 address (checked by the URL parser, which exists in browsers and Node). */
function isIpv6(s: string): boolean {
  if (!/^[0-9A-Fa-f:.]+$/.test(s) || !s.includes(':')) return false;
  try {
    new URL(`http://[${s}]/`);
    return true;
  } catch {
    return false;
  }
}

/** An office network: `a.b.c.d/n` or IPv6 `x::/n`; a bare address means that one host. */
export const cidr = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(64)
  .refine((s) => {
    const [addr = '', bits, extra] = s.split('/');
    if (extra !== undefined) return false;
    const v4 = IPV4.test(addr);
    if (!v4 && !isIpv6(addr)) return false;
    if (bits === undefined) return true;
    if (!/^\d{1,3}$/.test(bits)) return false;
    return Number(bits) <= (v4 ? 32 : 128);
  }, 'must be a network such as 192.168.1.0/24');

export const createHotspotInput = z.object({
  name: requiredText(100),
  cidr,
  companyOfficeId: nullableId,
  active: textBool.default(true),
});
export const updateHotspotInput = z.object({
  id,
  name: requiredText(100).optional(),
  cidr: cidr.optional(),
  companyOfficeId: nullableId,
  active: textBool.optional(),
});
export const hotspotIdInput = z.object({ id });
export const listHotspotsInput = pageInput.extend({ search: text(100).optional(), companyOfficeId: optionalId });

export interface HotspotRow {
  id: number;
  name: string;
  /** Normalised network, e.g. 192.168.1.0/24. */
  cidr: string;
  companyOfficeId: number | null;
  companyOffice: string | null;
  active: boolean;
}

// ---------------------------------------------------------------------------------------------
// Terminal commands (upload users, back up users), carried out by the agent

export const DEVICE_COMMAND_KINDS = ['upload-users', 'backup-users'] as const;
export type DeviceCommandKind = (typeof DEVICE_COMMAND_KINDS)[number];
export type DeviceCommandStatus = 'pending' | 'done' | 'failed';

export const queueCommandInput = z.object({ id, kind: z.enum(DEVICE_COMMAND_KINDS, 'must be upload-users or backup-users') });
export const commandIdInput = z.object({ id });

/** Text that can be stored in jsonb: no control characters (NUL), no lone surrogates. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const storable = (max: number) => text(max).refine((v) => !LONE_SURROGATE.test(v), 'must be valid text');

/** A user as it travels between the server, the agent and a terminal. */
export const deviceUser = z.object({
  pin: storable(24).min(1, 'is required'),
  name: storable(24).default(''),
  privilege: z.number().int().min(0).max(255).default(0),
  password: storable(8).default(''),
  card: z.number().int().min(0).max(4_294_967_295).default(0),
  /** Fingerprint templates as the terminal gave them (EasyLink); absent for the zk driver. */
  templates: z
    .array(z.record(z.string().regex(/^[A-Za-z0-9_]{1,40}$/), z.union([storable(20_000), z.number()])))
    .max(20)
    .optional(),
});
export type DeviceUser = z.infer<typeof deviceUser>;

/** `GET /v2/h/agent/commands?serials=A,B`: the agent's terminals (comma-separated serials). */
export const agentCommandsInput = z.object({ serials: text(4000).min(1, 'is required') });

/** `POST /v2/h/agent/commands/{id}/result`. */
export const agentCommandResultInput = z.object({
  id,
  ok: z.boolean(),
  /** Upload: how many users were written; backup: the users read. */
  written: z.number().int().min(0).max(1_000_000).optional(),
  users: z.array(deviceUser).max(20_000).optional(),
  error: storable(1000).optional(),
});

export interface AgentCommand {
  id: number;
  serial: string;
  kind: DeviceCommandKind;
  /** upload-users: `{ users }`; backup-users: `{}`. */
  payload: { users?: DeviceUser[] };
}

export interface DeviceCommandRow {
  id: number;
  kind: DeviceCommandKind;
  status: DeviceCommandStatus;
  /** Users in the upload, or users backed up. */
  users: number | null;
  error: string | null;
  createdAt: string;
  fetchedAt: string | null;
  finishedAt: string | null;
  /** A finished backup can be downloaded. */
  hasBackup: boolean;
}

import { z } from 'zod';
import { cloudId } from '../devices/index';
import { id } from '../shared/zod';

/*
 * Fingerspot.io cloud webhooks (issue 21 part 3). Browser-safe: the webhook body as the cloud
 * sends it, and the developer's procedures (rotate a terminal's secret, cloud ids seen but not
 * registered).
 */

/** 64 KiB: one webhook carries one scan (a few hundred bytes); a batch of MAX_WEBHOOK_SCANS fits. */
export const WEBHOOK_BODY_LIMIT = 64 * 1024;
/** At most this many scans in one webhook whose `data` is a list. */
export const MAX_WEBHOOK_SCANS = 200;

/**
 * Verify modes and scan states arrive as numbers, numeric strings or, from some cloud versions,
 * words. Words are mapped to the ZK codes the polled terminals report (verify: 0 password,
 * 1 finger, 2 card, 15 face; state: 0 in, 1 out, 2 break out, 3 break in, 4 overtime in, 5 overtime out).
 */
const VERIFY_WORDS: Record<string, number> = {
  password: 0,
  pwd: 0,
  finger: 1,
  fingerprint: 1,
  'sidik jari': 1,
  card: 2,
  kartu: 2,
  rfid: 2,
  face: 15,
  wajah: 15,
};
const STATE_WORDS: Record<string, number> = {
  in: 0,
  'check in': 0,
  masuk: 0,
  'scan masuk': 0,
  out: 1,
  'check out': 1,
  pulang: 1,
  keluar: 1,
  'scan pulang': 1,
  'break out': 2,
  istirahat: 2,
  'break in': 3,
  kembali: 3,
  'overtime in': 4,
  'lembur masuk': 4,
  'overtime out': 5,
  'lembur pulang': 5,
};

const code = (words: Record<string, number>, what: string) =>
  z.preprocess(
    (v) => {
      if (typeof v === 'string') {
        const s = v.trim().toLowerCase();
        if (/^\d{1,3}$/.test(s)) return Number(s);
        return s in words ? words[s] : v;
      }
      return v;
    },
    z
      .number(`must be a ${what} code or name`)
      .int(`must be a ${what} code`)
      .min(0, `must be a ${what} code 0 to 255`)
      .max(255, `must be a ${what} code 0 to 255`),
  );

/** `scan`: 'yyyy-mm-dd hh:mm[:ss]' (the terminal's wall clock) or ISO with Z or an offset. */
export const WEBHOOK_SCAN_TIME = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})(:\d{2})?(?:\.\d{1,6})?(Z|[+-]\d{2}:?\d{2})?$/;

export const webhookScan = z.object({
  pin: z.preprocess(
    (v) => (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? String(v) : v),
    z
      .string('is required')
      .trim()
      .min(1, 'is required')
      .max(24, 'must be at most 24 characters')
      .regex(/^[\x21-\x7e]+$/, 'must be printable characters without spaces'),
  ),
  scan: z
    .string('is required')
    .trim()
    .max(40)
    .regex(WEBHOOK_SCAN_TIME, 'must be a date-time yyyy-mm-dd hh:mm:ss')
    .refine((s) => {
      const m = WEBHOOK_SCAN_TIME.exec(s);
      return !!m && !Number.isNaN(Date.parse(`${m[1]}T${m[2]}${m[3] ?? ':00'}Z`));
    }, 'must be a real date-time'),
  verify: code(VERIFY_WORDS, 'verify').default(1),
  status_scan: code(STATE_WORDS, 'scan state').default(0),
});
export type WebhookScan = z.output<typeof webhookScan>;

/** The webhook body: `{type, cloud_id, data}`; `data` one scan or a list of scans. */
export const webhookBody = z.object({
  type: z.string('is required').trim().min(1, 'is required').max(40),
  cloud_id: cloudId,
  data: z.unknown().optional(),
});

export const attlogData = z.union([webhookScan, z.array(webhookScan).min(1).max(MAX_WEBHOOK_SCANS)]);

export const cloudDeviceIdInput = z.object({ id });

export interface CloudSecret {
  id: number;
  cloudId: string;
  /** The new webhook secret: shown once, stored as its SHA-256 only. */
  secret: string;
  setAt: string;
}

export interface UnregisteredCloudTerminal {
  cloudId: string;
  firstSeenAt: string;
  lastSeenAt: string;
  lastIp: string | null;
  requests: number;
  rowsRefused: number;
}

export const cloudSecretOutput = z.object({ id: z.number(), cloudId: z.string(), secret: z.string(), setAt: z.string() });
export const unregisteredCloudTerminalsOutput = z.array(
  z.object({
    cloudId: z.string(),
    firstSeenAt: z.string(),
    lastSeenAt: z.string(),
    lastIp: z.string().nullable(),
    requests: z.number(),
    rowsRefused: z.number(),
  }),
);

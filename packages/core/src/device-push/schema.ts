import { z } from 'zod';
import { id } from '../shared/zod';

/**
 * ADMS push terminals (issue 21): the developer's settings and commands for a terminal that pushes
 * to /iclock/*. Browser-safe.
 */

/** Commands that exist only for push terminals (upload / back up users go through the device command queue). */
export const PUSH_COMMAND_KINDS = ['query-attlog', 'check', 'reboot'] as const;
export type PushCommandKind = (typeof PUSH_COMMAND_KINDS)[number];

const bool = z.preprocess((v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v), z.boolean());
const localDateTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/, 'must be a date-time yyyy-mm-ddThh:mm:ss')
  .refine((s) => !Number.isNaN(Date.parse(`${s}Z`)), 'must be a real date-time');

export const pushSettingsInput = z.object({
  id,
  /** Accept this terminal's pushes only from an office network (`network/hotspot`). */
  officeNetworksOnly: bool,
});

export const queuePushCommandInput = z
  .object({
    id,
    kind: z.enum(PUSH_COMMAND_KINDS, 'must be query-attlog, check or reboot'),
    /** query-attlog: terminal-local range to re-send. */
    from: localDateTime.optional(),
    to: localDateTime.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.kind !== 'query-attlog') return;
    if (!v.from) ctx.addIssue({ code: 'custom', path: ['from'], message: 'is required for query-attlog' });
    if (!v.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'is required for query-attlog' });
    if (v.from && v.to && v.to < v.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'must be on or after from' });
  });

export const pushDeviceIdInput = z.object({ id });

export interface UnregisteredPushTerminal {
  serial: string;
  firstSeenAt: string;
  lastSeenAt: string;
  lastIp: string | null;
  pushVersion: string | null;
  requests: number;
  rowsRefused: number;
}

export interface PushCommandRow {
  id: number;
  kind: string;
  cmd: string;
  status: 'pending' | 'sent' | 'done' | 'failed';
  returnCode: number | null;
  createdAt: string;
}

export interface PushUserRow {
  pin: string;
  name: string;
  privilege: number;
  card: number;
  templates: number;
}

import { z } from 'zod';
import { id, textBool } from '../shared/zod';

/**
 * ADMS push terminals (issue 21): the developer's settings and commands for a terminal that pushes
 * to /iclock/*. Browser-safe.
 */

/** Commands that exist only for push terminals (upload / back up users go through the device command queue). */
export const PUSH_COMMAND_KINDS = ['query-attlog', 'check', 'reboot'] as const;
export type PushCommandKind = (typeof PUSH_COMMAND_KINDS)[number];

const localDateTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/, 'must be a date-time yyyy-mm-ddThh:mm:ss')
  .refine((s) => !Number.isNaN(Date.parse(`${s}Z`)), 'must be a real date-time');

export const pushSettingsInput = z.object({
  id,
  /** Accept this terminal's pushes only from an office network (`network/hotspot`). */
  officeNetworksOnly: textBool,
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

export interface PushSettingsView {
  id: number;
  serial: string;
  officeNetworksOnly: boolean;
  pushVersion: string | null;
  attlogStamp: string | null;
  operlogStamp: string | null;
  rowsRejected: number;
  lastRefusal: string | null;
  lastRefusalAt: string | null;
}

/* Output schemas of the push procedures (the server checks each result against them; OpenAPI types them). */
export const unregisteredPushTerminalsOutput = z.array(
  z.object({
    serial: z.string(),
    firstSeenAt: z.string(),
    lastSeenAt: z.string(),
    lastIp: z.string().nullable(),
    pushVersion: z.string().nullable(),
    requests: z.number(),
    rowsRefused: z.number(),
  }),
);
const pushCommandShape = z.object({
  id: z.number(),
  kind: z.string(),
  cmd: z.string(),
  status: z.enum(['pending', 'sent', 'done', 'failed']),
  returnCode: z.number().nullable(),
  createdAt: z.string(),
});
export const pushCommandOutput = pushCommandShape;
export const pushCommandsOutput = z.array(pushCommandShape);
export const pushUsersOutput = z.array(
  z.object({ pin: z.string(), name: z.string(), privilege: z.number(), card: z.number(), templates: z.number() }),
);
export const pushSettingsOutput = z.object({
  id: z.number(),
  serial: z.string(),
  officeNetworksOnly: z.boolean(),
  pushVersion: z.string().nullable(),
  attlogStamp: z.string().nullable(),
  operlogStamp: z.string().nullable(),
  rowsRejected: z.number(),
  lastRefusal: z.string().nullable(),
  lastRefusalAt: z.string().nullable(),
});
export const pushSettingsSavedOutput = z.object({ ok: z.literal(true) });

import { sql } from 'kysely';
import { storePunches } from '../attendance/index';
import { ingestPunchesInput, type IngestResult, type PunchItem, type PunchResult } from '../attendance/index';
import type { Grant } from '../access/index';
import { type Ctx, type Db, inTransaction } from '../shared/context';
import type { In } from '../shared/zod';
import { audit } from '../audit/index';
import { recordDeviceRefusal } from './refusals';
import { matchHotspot, recordIngestBatch } from './service';

/** The uploader's address at ingest; null when the transport does not know it. */
export interface IngestOrigin {
  ip: string | null;
}

/**
 * Is `ip` outside every office network? False when no active network is configured (flagging is
 * off) or when the address is unknown; true when networks exist and none contains it.
 */
export async function outsideOfficeNetworks(db: Db, ip: string | null): Promise<boolean> {
  if (!ip) return false;
  const any = await db.selectFrom('network_hotspots').select('id').where('active', '=', true).limit(1).executeTakeFirst();
  if (!any) return false;
  return (await matchHotspot(db, ip)) === null;
}

/**
 * The agents' upload (`POST /v2/h/attendance/punch/ingest`) as the devices module sees it, around
 * the attendance ingest:
 * - A client bound to a terminal may upload that terminal's punches only: any other item is
 *   answered `rejected` (per item; the rest of the batch is stored).
 * - Punches stored from an address outside every office network (`network/hotspot`) are flagged
 *   `outside_network`, with the uploader's address in `ingest_ip`.
 */
export async function ingestFromAgent(
  ctx: Ctx,
  grant: Grant<'device.ingest'>,
  raw: In<typeof ingestPunchesInput>,
  origin: IngestOrigin,
): Promise<IngestResult> {
  const input = ingestPunchesInput.parse(raw);
  const bound = grant.actor.client?.deviceSerial ?? null;
  const items: PunchResult[] = new Array(input.punches.length);
  const allowed: { i: number; p: PunchItem }[] = [];
  input.punches.forEach((p, i) => {
    if (bound !== null && p.deviceSerial.trim() !== bound) {
      items[i] = {
        index: i,
        status: 'rejected',
        message: `deviceSerial: this credential may only upload punches of terminal ${bound}`,
      };
    } else {
      allowed.push({ i, p });
    }
  });
  const refused = input.punches.length - allowed.length;
  if (bound !== null && refused > 0) await recordBoundRefusals(ctx, grant, bound, input.punches, items);
  if (allowed.length > 0) {
    // One transaction: the punches and their outside-network flag are stored together (a crash
    // cannot leave a batch stored but unflagged).
    await inTransaction(ctx, async (trx) => {
      const res = await ingestPunches({ ...ctx, db: trx }, grant, { ...input, punches: allowed.map((a) => a.p) });
      for (const r of res.items) {
        const a = allowed[r.index];
        if (a) items[a.i] = { ...r, index: a.i };
      }
      const stored = res.items.filter((r) => r.status === 'inserted').map((r) => allowed[r.index]?.p);
      if (stored.length > 0 && (await outsideOfficeNetworks(trx, origin.ip))) {
        await flagOutside(
          trx,
          stored.filter((p): p is PunchItem => !!p),
          origin.ip as string,
        );
      }
    });
  }
  return { items };
}

/**
 * Punches refused because the credential is bound to another terminal (issue 19 item 18): counted
 * per claimed terminal on its page (device_refusals) and written to the audit log, so that
 * /developer/logs shows the refusal (level warning) and not only the agent's own log.
 */
async function recordBoundRefusals(
  ctx: Ctx,
  grant: Grant<'device.ingest'>,
  bound: string,
  punches: readonly PunchItem[],
  items: readonly PunchResult[],
): Promise<void> {
  const bySerial = new Map<string, { count: number; example: PunchItem }>();
  punches.forEach((p, i) => {
    if (items[i]?.status !== 'rejected') return;
    const serial = p.deviceSerial.trim();
    const e = bySerial.get(serial);
    if (e) e.count++;
    else bySerial.set(serial, { count: 1, example: p });
  });
  const clientId = grant.actor.client?.id ?? null;
  const client =
    clientId === null
      ? undefined
      : await ctx.db.selectFrom('oauth_clients').select(['name', 'client_id']).where('id', '=', clientId).executeTakeFirst();
  const source = client ? `credential ${client.name} (${client.client_id})` : `${grant.actor.kind} ${grant.actor.email}`;
  await inTransaction(ctx, async (trx) => {
    for (const [serial, { count, example }] of bySerial) {
      const message = `${count} punch(es) of ${serial} refused: the credential is bound to terminal ${bound}`;
      await recordDeviceRefusal(trx, {
        serial,
        kind: 'credential-bound-elsewhere',
        source,
        boundSerial: bound,
        punches: count,
        message,
        at: ctx.clock(),
      });
      await audit(ctx, trx, {
        action: 'device.ingest.refused',
        entity: 'device',
        entityId: serial,
        after: {
          deviceSerial: serial,
          boundSerial: bound,
          credential: source,
          punches: count,
          example: { pin: example.pin, localTime: example.localTime },
          reason: message,
        },
      });
    }
  });
}

/** Flags stored punches (by serial, PIN, local time) as uploaded from `ip`, outside every office network. */
export async function flagOutside(db: Db, punches: readonly PunchItem[], ip: string): Promise<void> {
  const keys = punches.map((p) => ({ s: p.deviceSerial.trim(), p: p.pin.trim(), t: p.localTime }));
  const addr = ip.trim().replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, '$1');
  await sql`
    update punches set outside_network = true, ingest_ip = ${addr}::inet
    from jsonb_to_recordset(${JSON.stringify(keys)}::jsonb) as k(s text, p text, t timestamp)
    where punches.device_serial = k.s and punches.pin = k.p and punches.local_time = k.t`.execute(db);
}

/** Device agent upload (spec §7 attendance, `POST /v2/h/attendance/punch/ingest`); idempotent per punch. */
export async function ingestPunches(
  ctx: Ctx,
  grant: Grant<'device.ingest'>,
  raw: In<typeof ingestPunchesInput>,
): Promise<IngestResult> {
  const input = ingestPunchesInput.parse(raw);
  // The agent's own name plus who uploaded (a person or an OAuth client), for the record.
  const skew = input.clockSkewMs === null ? '' : `, clock skew ${input.clockSkewMs} ms`;
  const agent = `${input.agent.trim() || 'agent'} (${grant.actor.kind} ${grant.actor.email}${skew})`.slice(0, 200);
  const result = await storePunches(ctx, input.punches, { source: 'device', agent });
  // Last seen and clock skew per terminal, for /developer/fingerspot.
  await recordIngestBatch(ctx.db, { agent: input.agent, clockSkewMs: input.clockSkewMs, punches: input.punches }, ctx.clock());
  return result;
}

import { audit } from '../audit/index';
import type { Grant } from '../access/index';
import { type Ctx, type Db, inTransaction } from '../shared/context';
import { AppError, invalid, notFound } from '../shared/errors';
import type { In } from '../shared/zod';
import { hashPassword } from './passwords';
import { credentialIdInput, type CredentialScope, updateCredentialInput } from './schema';
import { scopesSql } from './scopes';
import { newToken } from './tokens';

type Dev = Grant<'developer.access'>;

export interface CredentialDetail {
  id: number;
  clientId: string;
  name: string;
  scopes: CredentialScope[];
  deviceId: number | null;
  deviceName: string | null;
  deviceSerial: string | null;
  actsAs: string;
  createdAt: Date;
  updatedAt: Date | null;
  revokedAt: Date | null;
}

/** The bound terminal must exist (field-named 400 otherwise); null: not bound. */
export async function credentialDeviceExists(db: Db, deviceId: number | null | undefined): Promise<number | null> {
  if (deviceId == null) return null;
  const d = await db.selectFrom('fingerspot_devices').select('id').where('id', '=', deviceId).executeTakeFirst();
  if (!d) throw invalid([{ param: 'deviceId', msg: 'is not a registered terminal' }]);
  return d.id;
}

/** Every live token of an OAuth client stops working (revoke, rotate). */
export async function revokeClientTokens(db: Db, clientId: number, at: Date): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: at })
    .where('oauth_client_id', '=', clientId)
    .where('revoked_at', 'is', null)
    .execute();
}

async function credentialRow(db: Db, id: number): Promise<CredentialDetail | undefined> {
  const row = await db
    .selectFrom('oauth_clients as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .leftJoin('fingerspot_devices as d', 'd.id', 'c.device_id')
    .select([
      'c.id',
      'c.client_id as clientId',
      'c.name',
      'c.scopes',
      'c.device_id as deviceId',
      'd.name as deviceName',
      'd.serial as deviceSerial',
      'u.email as actsAs',
      'c.created_at as createdAt',
      'c.updated_at as updatedAt',
      'c.revoked_at as revokedAt',
    ])
    .where('c.id', '=', id)
    .executeTakeFirst();
  return row ? { ...row, scopes: row.scopes as CredentialScope[] } : undefined;
}

/** /developer/credential/{id}/edit: one OAuth client (never its secret). */
export async function getCredential(ctx: Ctx, _grant: Dev, raw: In<typeof credentialIdInput>): Promise<CredentialDetail> {
  const { id } = credentialIdInput.parse(raw);
  const row = await credentialRow(ctx.db, id);
  if (!row) throw notFound('Credential');
  return row;
}

/**
 * Edits name, scopes and terminal binding (a left-out field is kept; `deviceId: null` unbinds).
 * A revoked client cannot be edited. Its tokens already issued follow the new scopes at once
 * (they are resolved on every request).
 */
export async function updateCredential(ctx: Ctx, _grant: Dev, raw: In<typeof updateCredentialInput>): Promise<CredentialDetail> {
  const input = updateCredentialInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const before = await trx
      .selectFrom('oauth_clients')
      .select(['id', 'name', 'scopes', 'device_id', 'revoked_at'])
      .where('id', '=', input.id)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw notFound('Credential');
    if (before.revoked_at) throw new AppError('CONFLICT', 'A revoked credential cannot be edited');
    const deviceId = input.deviceId === undefined ? before.device_id : await credentialDeviceExists(trx, input.deviceId);
    await trx
      .updateTable('oauth_clients')
      .set({
        name: input.name ?? before.name,
        scopes: scopesSql(input.scopes ?? before.scopes),
        device_id: deviceId,
        updated_at: ctx.clock(),
      })
      .where('id', '=', input.id)
      .where('revoked_at', 'is', null)
      .execute();
    await audit(ctx, trx, {
      action: 'credential.update',
      entity: 'oauth_client',
      entityId: input.id,
      before: { name: before.name, scopes: before.scopes, deviceId: before.device_id },
      after: { name: input.name ?? before.name, scopes: input.scopes ?? before.scopes, deviceId },
    });
    const after = await credentialRow(trx, input.id);
    if (!after) throw notFound('Credential');
    return after;
  });
}

/**
 * A new secret for the client, shown once; the old secret stops working and every token issued
 * with it is revoked (the agent gets a new one from the new secret at its next 401).
 */
export async function rotateCredentialSecret(
  ctx: Ctx,
  _grant: Dev,
  raw: In<typeof credentialIdInput>,
): Promise<{ id: number; clientId: string; clientSecret: string; name: string }> {
  const { id } = credentialIdInput.parse(raw);
  const clientSecret = newToken('sec');
  const secretHash = await hashPassword(clientSecret);
  return inTransaction(ctx, async (trx) => {
    const row = await trx
      .updateTable('oauth_clients')
      .set({ secret_hash: secretHash, updated_at: ctx.clock() })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .returning(['id', 'client_id', 'name'])
      .executeTakeFirst();
    if (!row) {
      const exists = await trx.selectFrom('oauth_clients').select('id').where('id', '=', id).executeTakeFirst();
      if (!exists) throw notFound('Credential');
      throw new AppError('CONFLICT', 'A revoked credential cannot be rotated');
    }
    await revokeClientTokens(trx, id, ctx.clock());
    await audit(ctx, trx, { action: 'credential.rotate', entity: 'oauth_client', entityId: id });
    return { id: row.id, clientId: row.client_id, clientSecret, name: row.name };
  });
}

import { type RawBuilder, sql } from 'kysely';
import { audit } from '../audit/index';
import { type Actor, effectiveAccess } from '../access/index';
import type { PermissionKey } from '../access/index';
import type { RoleKey } from '../access/index';
import type { Grant } from '../access/index';
import { type Ctx, type Db, inTransaction } from '../shared/context';
import { AppError, invalid } from '../shared/errors';
import { COMPANY_TIME_ZONE } from '../shared/time-zone';
import {
  changePasswordInput,
  createCredentialInput,
  type CredentialScope,
  loginInput,
  tokenInput,
  type SessionUser,
} from './schema';
import { hashPassword, verifyPassword } from './passwords';
import { assertStrongPassword, passwordOwnerOf } from './password-strength';
import { hashToken, newToken } from './tokens';
import { consumeAttempt, lockAttempts, minutesUntil, tryAgainIn } from './attempt-limiter';
import { credentialDeviceExists, revokeClientTokens } from './credentials';
import { limitToScope, scopesSql } from './scopes';
import { cachedSession } from './session-cache';
import type { Freshness } from '../shared/freshness';
import { revokeSessionToken } from './sessions';
import type { z } from 'zod';

export interface AuthConfig {
  /** Browser/API session lifetime. */
  sessionTtlMs: number;
  /** OAuth client-credentials token lifetime. */
  clientTokenTtlMs: number;
  /** Failed logins per e-mail within the window before it is locked. */
  maxFailuresPerEmail: number;
  /** Failed logins per IP address within the window. */
  maxFailuresPerIp: number;
  windowMs: number;
  /** Self-registrations per IP address within registrationWindowMs (limitRegistration). */
  maxRegistrationsPerIp: number;
  registrationWindowMs: number;
}

export const DEFAULT_AUTH_CONFIG: AuthConfig = {
  sessionTtlMs: 12 * 3600_000,
  clientTokenTtlMs: 3600_000,
  maxFailuresPerEmail: 5,
  maxFailuresPerIp: 30,
  windowMs: 15 * 60_000,
  maxRegistrationsPerIp: 10,
  registrationWindowMs: 3600_000,
};

export interface LoginResult {
  token: string;
  expiresAt: Date;
  user: SessionUser;
}

/**
 * Records a login attempt as in flight (`success` null) before the secret is checked, then counts
 * within the window:
 * - per e-mail: attempts since its last success that failed or are still in flight, so of a burst
 *   of concurrent guesses at one account exactly the first max are checked;
 * - per address: completed failures only (plus attempts left in flight for over a minute, i.e. a
 *   process died mid-check). In-flight attempts do not count there: a factory whose 300 workers
 *   sign in at 08:00 behind one NAT address is not locked by its own rush. A burst of guesses
 *   across e-mails is bounded by the checks in flight at once (password hashing has a fixed pool
 *   of worker threads), and every completed failure counts at once.
 * The insert and the counts run under advisory locks on the e-mail and the IP (held for those
 * statements, not for the password check). Over a limit the transaction rolls back, so attempts
 * refused while locked do not extend the lock, and the answer says when it ends.
 * Returns the attempt's id; the caller settles it with settleLoginAttempt.
 */
/** An attempt still in flight after this long was abandoned (its process died mid-check): it counts as a failure. */
const IN_FLIGHT_MS = 60_000;

/** Ends an attempt reserved by reserveLoginAttempt: right or wrong. */
async function settleLoginAttempt(ctx: Ctx, attemptId: string, ok: boolean): Promise<void> {
  await ctx.db.updateTable('login_attempts').set({ success: ok }).where('id', '=', attemptId).execute();
}

async function reserveLoginAttempt(
  ctx: Ctx,
  cfg: AuthConfig,
  email: string,
  ip: string | null,
  refusal = 'Too many failed login attempts.',
): Promise<string> {
  return inTransaction(ctx, async (trx) => {
    // Always e-mail first, then IP: one order, so two logins never wait on each other in a cycle.
    await lockAttempts(trx, `login-email:${email}`);
    if (ip) await lockAttempts(trx, `login-ip:${ip}`);
    const now = ctx.clock();
    const since = new Date(now.getTime() - cfg.windowMs);
    const own = await trx
      .insertInto('login_attempts')
      .values({ email, ip, success: null, at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const lastSuccess = sql<Date | null>`(select max(at) from login_attempts s where s.success and lower(s.email) = ${email})`;
    const emailFailures = trx
      .selectFrom('login_attempts')
      .where(sql`lower(email)`, '=', email)
      .where(sql<boolean>`success is not true`)
      .where('at', '>', since)
      .where(sql<boolean>`at > coalesce(${lastSuccess}, ${since})`);
    const abandoned = new Date(now.getTime() - IN_FLIGHT_MS);
    const ipFailures = trx
      .selectFrom('login_attempts')
      .where('ip', '=', ip)
      .where(sql<boolean>`success is not true`)
      // This attempt counts too: the check after the max-th failure is refused.
      .where((eb) => eb.or([eb('success', '=', false), eb('at', '<', abandoned), eb('id', '=', own.id)]))
      .where('at', '>', since);
    const count = (q: typeof emailFailures) => q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    const emailLocked = (await count(emailFailures)).n > cfg.maxFailuresPerEmail;
    const ipLocked = ip ? (await count(ipFailures)).n > cfg.maxFailuresPerIp : false;
    if (!emailLocked && !ipLocked) return own.id;

    // A lock ends when the max-th most recent earlier failure leaves the window.
    const unlockAt = async (q: typeof emailFailures, max: number) => {
      const row = await q
        .where('id', '!=', own.id)
        .select('at')
        .orderBy('at', 'desc')
        .offset(max - 1)
        .limit(1)
        .executeTakeFirst();
      return (row ? new Date(row.at).getTime() : now.getTime()) + cfg.windowMs;
    };
    const until = Math.max(
      emailLocked ? await unlockAt(emailFailures, cfg.maxFailuresPerEmail) : 0,
      ipLocked ? await unlockAt(ipFailures, cfg.maxFailuresPerIp) : 0,
    );
    throw new AppError('RATE_LIMITED', `${refusal} ${tryAgainIn(minutesUntil(ctx, new Date(until)))}`);
  });
}

/**
 * E-mail + password login. Creates a new session; the token is returned once and stored hashed.
 * A login always issues a new token and revokes `previousToken` (the session cookie the browser
 * already carried), so no session identifier survives authentication (ASVS 3.2.1).
 *
 * The same message for an unknown e-mail and a wrong password, with the same hashing work;
 * the "not active yet" message comes only after the right password (it tells nothing to a guesser).
 */
export async function login(
  ctx: Ctx,
  cfg: AuthConfig,
  raw: z.input<typeof loginInput>,
  meta: { ip: string | null; userAgent: string | null; previousToken?: string | null },
): Promise<LoginResult> {
  const input = loginInput.parse(raw);
  const attemptId = await reserveLoginAttempt(ctx, cfg, input.email, meta.ip);
  const user = await ctx.db
    .selectFrom('users')
    .select([
      'id',
      'password_hash',
      'active',
      employmentEnded(sql.ref('employee_id'), sql`(select x.resigned from employees x where x.id = users.employee_id)`).as(
        'ended',
      ),
    ])
    .where(sql`lower(email)`, '=', input.email)
    .executeTakeFirst();
  const ok = await verifyPassword(input.password, user?.password_hash ?? null);
  await settleLoginAttempt(ctx, attemptId, ok);
  if (!user || !ok) throw new AppError('INVALID_CREDENTIALS', 'Incorrect e-mail or password');
  if (!user.active) {
    throw new AppError('ACCOUNT_INACTIVE', 'Your account is not active yet. An administrator must activate it first.');
  }
  if (user.ended) throw new AppError('ACCOUNT_INACTIVE', 'Your employment has ended; this login no longer works.');
  const token = newToken();
  const expiresAt = new Date(ctx.clock().getTime() + cfg.sessionTtlMs);
  await inTransaction(ctx, async (trx) => {
    if (meta.previousToken) await revokeSessionToken({ ...ctx, db: trx }, meta.previousToken);
    await trx
      .insertInto('sessions')
      .values({
        token_hash: hashToken(token),
        user_id: user.id,
        expires_at: expiresAt,
        ip: meta.ip,
        user_agent: meta.userAgent?.slice(0, 300) ?? null,
      })
      .execute();
    await trx.updateTable('users').set({ last_login_at: ctx.clock() }).where('id', '=', user.id).execute();
  });
  const actor = await actorForUser(ctx.db, user.id, 'user');
  if (!actor) throw new AppError('INTERNAL', 'User vanished during login');
  return { token, expiresAt, user: await sessionUser(ctx.db, actor) };
}

/**
 * Self-registration limit per IP address (AuthConfig.maxRegistrationsPerIp per
 * registrationWindowMs). Registration answers "This e-mail is already registered" (a product
 * requirement), so each attempt can tell whether an address is known: the limit bounds how fast
 * anyone can probe. Call it before `register`.
 */
export async function limitRegistration(ctx: Ctx, cfg: AuthConfig, ip: string | null): Promise<void> {
  await consumeAttempt(ctx, {
    action: 'registration',
    key: ip,
    max: cfg.maxRegistrationsPerIp,
    windowMs: cfg.registrationWindowMs,
    message: 'Too many registration attempts from your network.',
  });
}

/** Revokes the session of this token (logout). */
export async function logout(ctx: Ctx, token: string): Promise<void> {
  await revokeSessionToken(ctx, token);
}

/**
 * True when the employee has left: marked resigned, or an approved resignation whose last working
 * day is over (dates in Indonesia's western time, where the company works). Access ends then,
 * without waiting for any job to mark the employee.
 */
const employmentEnded = (employeeId: RawBuilder<unknown>, resigned: RawBuilder<unknown>) => sql<boolean>`(
  coalesce(${resigned}, 0) = 1
  or exists (select 1 from employee_resignations r where r.employee_id = ${employeeId} and r.status = 1
             and r.last_working_day < (now() at time zone ${COMPANY_TIME_ZONE})::date))`;

/** The user, their org placement, roles and approved grants (own, their job position's, their section's roles), in one query. */
function actorQuery(db: Db) {
  return db
    .selectFrom('users as u')
    .leftJoin('employees as e', 'e.id', 'u.employee_id')
    .select([
      'u.id',
      'u.email',
      'u.active',
      'u.must_change_password',
      'u.employee_id',
      'e.company_office_id',
      'e.department_id',
      'e.division_id',
      employmentEnded(sql.ref('u.employee_id'), sql.ref('e.resigned')).as('ended'),
      sql<string[]>`coalesce((select array_agg(role) from user_roles r where r.user_id = u.id), '{}')`.as('roles'),
      sql<{ kind: string; key: string }[]>`coalesce((
        select json_agg(json_build_object('kind', g.grant_kind, 'key', g.grant_key))
        from permission_grants g
        where g.status = 1 and g.revoked_at is null
          and ((g.subject_type = 'employee' and g.subject_id = u.employee_id)
            or (((g.subject_type = 'job_position' and g.subject_id = e.job_position_id)
                or (g.subject_type = 'section' and g.grant_kind = 'role' and g.subject_id = e.section_id))
              -- A placement that widened these permissions and awaits (or was refused) a second
              -- person's confirmation withholds them (permissions/placement-confirmations.ts).
              and not exists (select 1 from placement_confirmations pc where pc.employee_id = e.id and pc.withholding)))
      ), '[]'::json)`.as('grants'),
    ]);
}

type ActorRow = Awaited<ReturnType<ReturnType<typeof actorQuery>['executeTakeFirstOrThrow']>>;

function toActor(u: ActorRow | undefined, kind: 'user' | 'oauth'): Actor | null {
  if (!u?.active || u.ended) return null;
  // The one rule (permissions/actor.ts), also used by permission.explain.
  const { roles, permissions } = effectiveAccess(u.roles, u.grants);
  return {
    userId: u.id,
    email: u.email,
    employeeId: u.employee_id,
    companyOfficeId: u.company_office_id ?? null,
    departmentId: u.department_id ?? null,
    divisionId: u.division_id ?? null,
    roles,
    permissions,
    kind,
  };
}

/**
 * The roles and permissions a login holds by its account roles and approved grants, by the rule
 * sign-in uses, whether or not it is active now (the role hierarchy compares them: hierarchy.ts).
 * Null for an unknown user.
 */
export async function effectiveAccessOfUser(
  db: Db,
  userId: number,
): Promise<{ roles: string[]; permissions: Set<PermissionKey> } | null> {
  const u = await actorQuery(db).where('u.id', '=', userId).executeTakeFirst();
  return u ? effectiveAccess(u.roles, u.grants) : null;
}

/** Loads the actor of a user: roles, approved grants (own and job position's), org placement. */
export async function actorForUser(db: Db, userId: number, kind: 'user' | 'oauth'): Promise<Actor | null> {
  return toActor(await actorQuery(db).where('u.id', '=', userId).executeTakeFirst(), kind);
}

/** A resolved session: its actor, and whether it may do nothing but change its one-time password. */
export interface ResolvedSession {
  actor: Actor;
  /**
   * The login still has the one-time password of its activation or of an administrator's reset
   * (`users.must_change_password`): until it is changed, the server refuses every call but the
   * password change, `auth.me` and logout (PASSWORD_CHANGE_REQUIRED, REST AU0010; issue 16 item 6).
   * Always false for an OAuth client token: a machine client has no password to change.
   */
  passwordChangeRequired: boolean;
  /** What the session check read after the request arrived (shared/freshness.ts), for the request's cached reads. */
  fresh?: Freshness;
}

/**
 * Resolves a bearer token or session cookie to its actor; null when unknown, expired or revoked.
 * The actor is cached per process and checked on every request against the session row and the
 * permissions version (auth/session-cache.ts), so a logout or revocation holds at once in every process.
 */
export async function resolveSession(ctx: Ctx, token: string): Promise<ResolvedSession | null> {
  if (token.length > 200) return null;
  const tokenHash = hashToken(token);
  // Built once per session and permissions version, checked on every request (auth/session-cache.ts).
  const found = await cachedSession(ctx.db, tokenHash, ctx.clock(), () => loadSession(ctx, tokenHash));
  return found && { ...found.value, fresh: found.fresh };
}

async function loadSession(ctx: Ctx, tokenHash: string): Promise<ResolvedSession | null> {
  const row = await actorQuery(ctx.db)
    .innerJoin('sessions as s', 's.user_id', 'u.id')
    // An OAuth client's scopes and terminal binding (auth/scopes.ts).
    .leftJoin('oauth_clients as oc', 'oc.id', 's.oauth_client_id')
    .leftJoin('fingerspot_devices as od', 'od.id', 'oc.device_id')
    .select(['s.kind', 'oc.id as client_id', 'oc.scopes as client_scopes', 'od.serial as client_serial'])
    .where('s.token_hash', '=', tokenHash)
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', ctx.clock())
    .executeTakeFirst();
  const actor = row ? toActor(row, row.kind) : null;
  if (!row || !actor) return null;
  if (row.client_id == null) {
    return { actor, passwordChangeRequired: row.kind === 'user' && row.must_change_password };
  }
  return {
    actor: limitToScope({
      ...actor,
      client: { id: row.client_id, scopes: row.client_scopes ?? ['full'], deviceSerial: row.client_serial ?? null },
    }),
    passwordChangeRequired: false,
  };
}

/** The actor of a bearer token or session cookie (see {@link resolveSession}); null when not valid. */
export async function resolveToken(ctx: Ctx, token: string): Promise<Actor | null> {
  return (await resolveSession(ctx, token))?.actor ?? null;
}

/** Session data of the signed-in employee (spec §3): one round trip (every page load asks for it, issue 22). */
export async function sessionUser(db: Db, actor: Actor): Promise<SessionUser> {
  const all = actor.roles.includes('superadmin') || actor.permissions.has('hr.all');
  const { rows } = await sql<{
    given_name: string | null;
    surname: string | null;
    must_change_password: boolean | null;
    member_id: number | null;
    offices: { id: number; name: string }[];
  }>`
    select e.given_name, e.surname, u.must_change_password,
      (select m.id from cooperative_members m where m.employee_id = e.id order by m.id limit 1) as member_id,
      coalesce((select json_agg(json_build_object('id', o.id, 'name', o.name) order by o.name)
        from company_offices o where ${all}::boolean or o.id = ${actor.companyOfficeId}::int), '[]'::json) as offices
    from (select 1) as one
    left join employees e on e.id = ${actor.employeeId}::int
    left join users u on u.id = ${actor.userId}::int`.execute(db);
  const row = rows[0];
  return {
    userId: actor.userId,
    email: actor.email,
    name: row?.given_name != null ? `${row.given_name} ${row.surname ?? ''}`.trim() : actor.email,
    employeeId: actor.employeeId,
    personalId: actor.employeeId,
    companyOfficeId: actor.companyOfficeId,
    departmentId: actor.departmentId,
    divisionId: actor.divisionId,
    // The cooperative member id: mandatory savings are deducted through payroll against it.
    mandatorySavingId: actor.employeeId === null ? null : (row?.member_id ?? null),
    roles: actor.roles,
    permissions: [...actor.permissions].sort(),
    companyOffices: row?.offices ?? [],
    mustChangePassword: row?.must_change_password ?? false,
  };
}

/** Changes the signed-in user's password and revokes their other sessions. */
export async function changePassword(
  ctx: Ctx,
  actor: Actor,
  raw: z.input<typeof changePasswordInput>,
  currentToken: string | null,
): Promise<void> {
  const input = changePasswordInput.parse(raw);
  const user = await ctx.db
    .selectFrom('users')
    .select(['id', 'password_hash', 'email'])
    .where('id', '=', actor.userId)
    .executeTakeFirstOrThrow();
  if (!(await verifyPassword(input.oldPassword, user.password_hash))) {
    throw new AppError('VALIDATION', 'The old password is incorrect', {
      fields: [{ param: 'oldPassword', msg: 'is incorrect' }],
    });
  }
  if (input.newPassword.toLowerCase() === user.email.toLowerCase()) {
    throw invalid([{ param: 'newPassword', msg: 'must not be your e-mail' }]);
  }
  await assertStrongPassword(input.newPassword, await passwordOwnerOf(ctx.db, actor.userId), 'newPassword');
  const hash = await hashPassword(input.newPassword);
  await inTransaction(ctx, async (trx) => {
    await trx
      .updateTable('users')
      .set({ password_hash: hash, must_change_password: false, updated_at: ctx.clock() })
      .where('id', '=', actor.userId)
      .execute();
    let q = trx
      .updateTable('sessions')
      .set({ revoked_at: ctx.clock() })
      .where('user_id', '=', actor.userId)
      .where('revoked_at', 'is', null);
    if (currentToken) q = q.where('token_hash', '!=', hashToken(currentToken));
    await q.execute();
    await audit(ctx, trx, { action: 'password.change', entity: 'user', entityId: actor.userId });
  });
}

export interface CreateUserInput {
  email: string;
  password: string;
  roles: RoleKey[];
  employeeId?: number | null;
  active?: boolean;
  mustChangePassword?: boolean;
  /**
   * Refuse a password that is too easy to guess (password-strength.ts; GL0001 on `password`). Set
   * for every password a person chose (`hr user add`); seeds and test fixtures insert theirs as they are.
   */
  checkPasswordStrength?: boolean;
}

/** Creates a login (CLI, seed, activation). Refuses a duplicate e-mail. */
export async function createUser(ctx: Ctx, input: CreateUserInput): Promise<{ id: number }> {
  const email = input.email.trim().toLowerCase();
  if (input.checkPasswordStrength) {
    const employee = input.employeeId
      ? await ctx.db
          .selectFrom('employees')
          .select(['given_name', 'surname'])
          .where('id', '=', input.employeeId)
          .executeTakeFirst()
      : undefined;
    await assertStrongPassword(input.password, { email, names: [employee?.given_name, employee?.surname] }, 'password');
  }
  const hash = await hashPassword(input.password);
  return inTransaction(ctx, async (trx) => {
    const existing = await trx.selectFrom('users').select('id').where(sql`lower(email)`, '=', email).executeTakeFirst();
    if (existing) throw new AppError('CONFLICT', `A user with e-mail ${email} already exists`);
    const row = await trx
      .insertInto('users')
      .values({
        email,
        password_hash: hash,
        employee_id: input.employeeId ?? null,
        active: input.active ?? true,
        must_change_password: input.mustChangePassword ?? false,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (input.roles.length) {
      await trx
        .insertInto('user_roles')
        .values(input.roles.map((role) => ({ user_id: row.id, role })))
        .execute();
    }
    await audit(ctx, trx, { action: 'user.create', entity: 'user', entityId: row.id, after: { email, roles: input.roles } });
    return row;
  });
}

/**
 * OAuth2 client-credentials grant (RFC 6749 §4.4): returns a bearer token for a machine client.
 * Rate limited as login is (issue 16 item 7): failed secrets per client id (the login limit per
 * e-mail, `maxFailuresPerEmail`) and per address (`maxFailuresPerIp`, counted together with failed
 * logins from that address), within the same window; then 429 AU0004 saying when to retry.
 */
export async function issueClientToken(
  ctx: Ctx,
  cfg: AuthConfig,
  raw: z.input<typeof tokenInput>,
  meta: { ip: string | null } = { ip: null },
): Promise<{ access_token: string; token_type: 'Bearer'; expires_in: number }> {
  const input = tokenInput.parse(raw);
  // The bucket of one client id in login_attempts: never a valid e-mail, so login never reads it.
  const attemptId = await reserveLoginAttempt(
    ctx,
    cfg,
    `#client:${input.client_id.toLowerCase()}`,
    meta.ip,
    'Too many failed client credential attempts.',
  );
  const client = await ctx.db
    .selectFrom('oauth_clients')
    .select(['id', 'secret_hash', 'user_id', 'revoked_at'])
    .where('client_id', '=', input.client_id)
    .executeTakeFirst();
  const ok = await verifyPassword(input.client_secret, client?.secret_hash ?? null);
  await settleLoginAttempt(ctx, attemptId, ok);
  if (!client || !ok || client.revoked_at) throw new AppError('INVALID_CREDENTIALS', 'Invalid client credentials');
  const token = newToken('hrc');
  await ctx.db
    .insertInto('sessions')
    .values({
      token_hash: hashToken(token),
      user_id: client.user_id,
      kind: 'oauth',
      oauth_client_id: client.id,
      expires_at: new Date(ctx.clock().getTime() + cfg.clientTokenTtlMs),
      ip: null,
      user_agent: null,
    })
    .execute();
  return { access_token: token, token_type: 'Bearer', expires_in: Math.floor(cfg.clientTokenTtlMs / 1000) };
}

/** Creates an OAuth client acting as the granting user; the secret is shown once. */
export async function createCredential(
  ctx: Ctx,
  grant: Grant<'developer.access'>,
  raw: z.input<typeof createCredentialInput>,
): Promise<{
  id: number;
  clientId: string;
  clientSecret: string;
  name: string;
  scopes: CredentialScope[];
  deviceId: number | null;
}> {
  const input = createCredentialInput.parse(raw);
  const clientId = newToken('cid').slice(0, 28);
  const clientSecret = newToken('sec');
  const secretHash = await hashPassword(clientSecret);
  return inTransaction(ctx, async (trx) => {
    const deviceId = await credentialDeviceExists(trx, input.deviceId);
    const row = await trx
      .insertInto('oauth_clients')
      .values({
        client_id: clientId,
        secret_hash: secretHash,
        name: input.name,
        user_id: grant.actor.userId,
        created_by: grant.actor.userId,
        device_id: deviceId,
        scopes: scopesSql(input.scopes),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await audit(ctx, trx, {
      action: 'credential.create',
      entity: 'oauth_client',
      entityId: row.id,
      after: { name: input.name, clientId, scopes: input.scopes, deviceId },
    });
    return { id: row.id, clientId, clientSecret, name: input.name, scopes: input.scopes, deviceId };
  });
}

export async function listCredentials(ctx: Ctx, _grant: Grant<'developer.access'>) {
  return ctx.db
    .selectFrom('oauth_clients as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .select([
      'c.id',
      'c.client_id as clientId',
      'c.name',
      'u.email as actsAs',
      'c.created_at as createdAt',
      'c.revoked_at as revokedAt',
      'c.scopes',
      'c.device_id as deviceId',
    ])
    .leftJoin('fingerspot_devices as d', 'd.id', 'c.device_id')
    .select(['d.name as deviceName', 'd.serial as deviceSerial'])
    .orderBy('c.id', 'desc')
    .execute();
}

export async function revokeCredential(ctx: Ctx, _grant: Grant<'developer.access'>, id: number): Promise<void> {
  await inTransaction(ctx, async (trx) => {
    const row = await trx
      .updateTable('oauth_clients')
      .set({ revoked_at: ctx.clock() })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .returning(['id', 'name'])
      .executeTakeFirst();
    if (!row) throw new AppError('NOT_FOUND', 'Credential not found or already revoked');
    await revokeClientTokens(trx, id, ctx.clock());
    await audit(ctx, trx, { action: 'credential.revoke', entity: 'oauth_client', entityId: id });
  });
}

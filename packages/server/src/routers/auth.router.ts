import {
  changePassword,
  changePasswordInput,
  createCredential,
  createCredentialInput,
  credentialIdInput,
  getCredential,
  issueClientToken,
  listCredentials,
  login,
  loginInput,
  logout,
  logoutAll,
  revokeCredential,
  rotateCredentialSecret,
  sessionUser,
  type SessionUser,
  tokenInput,
  updateCredential,
  updateCredentialInput,
} from '@hr/core/auth';
import type { Grant } from '@hr/core/access';
import { id } from '@hr/core/shared';
import { z } from 'zod';
import { sessionCookieOfContext } from '../http/context';
import { passwordChangeProcedure, publicProcedure, router } from '../trpc/procedures';
import { call, gate, noInput, thenOk } from '../trpc/crud';
import {
  authLoginOutput,
  authLogoutAllOutput,
  createCredentialOutput,
  getCredentialOutput,
  issueClientTokenOutput,
  listCredentialsOutput,
  rotateCredentialSecretOutput,
  sessionUserOutput,
  updateCredentialOutput,
} from '@hr/core/auth';
import { okResult, returns } from '../trpc/output';

const dev = gate('developer.access');

export const authRouter = router({
  login: publicProcedure
    .meta({ rest: { method: 'POST', path: '/v2/h/auth/login', message: 'Login successful' } })
    .input(loginInput)
    .output(returns(authLoginOutput))
    .mutation(async ({ ctx, input }): Promise<{ token?: string; expiresAt: Date; user: SessionUser }> => {
      // A login always issues a new token and revokes the session the browser carried (no fixation).
      const r = await login(ctx.services.ctx(null, ctx.requestId), ctx.services.auth, input, {
        ip: ctx.ip,
        userAgent: ctx.userAgent,
        previousToken: sessionCookieOfContext(ctx),
      });
      ctx.session.set(r.token, r.expiresAt);
      // The browser keeps its session in the HttpOnly cookie: page scripts never see the token.
      // REST clients get it in result.token (spec: POST /v2/h/auth/login).
      return ctx.transport === 'rest' ? r : { expiresAt: r.expiresAt, user: r.user };
    }),
  // The four calls a session with a one-time password may still make (issue 16 item 6).
  logout: passwordChangeProcedure
    .meta({ rest: { method: 'POST', path: '/v2/h/auth/logout', message: 'Logged out' } })
    .output(returns(okResult))
    .mutation(async ({ ctx }) => {
      if (ctx.token) await logout(ctx.svc, ctx.token);
      ctx.session.clear();
      return { ok: true };
    }),
  logoutAll: passwordChangeProcedure
    .meta({ rest: { method: 'POST', path: '/v2/h/auth/logoutAll', message: 'Logged out everywhere' } })
    .output(returns(authLogoutAllOutput))
    .mutation(async ({ ctx }) => {
      const r = await logoutAll(ctx.svc, ctx.actor);
      ctx.session.clear();
      return { ok: true, revoked: r.revoked };
    }),
  me: passwordChangeProcedure
    .meta({ rest: { method: 'GET', path: '/v2/h/auth/me', message: 'Session data' } })
    .output(returns(sessionUserOutput))
    .query(({ ctx }) => sessionUser(ctx.services.db, ctx.actor)),
  changePassword: passwordChangeProcedure
    .meta({ rest: { method: 'POST', path: '/v2/h/employee/profile/changePassword', message: 'Password changed' } })
    .input(changePasswordInput)
    .output(returns(okResult))
    .mutation(async ({ ctx, input }) => {
      await changePassword(ctx.svc, ctx.actor, input, ctx.token);
      return { ok: true };
    }),
  token: publicProcedure
    .meta({ rest: { method: 'POST', path: '/v2/h/oauth2/token', message: 'Token issued' } })
    .input(tokenInput)
    .output(returns(issueClientTokenOutput))
    .mutation(({ ctx, input }) =>
      issueClientToken(ctx.services.ctx(null, ctx.requestId), ctx.services.auth, input, { ip: ctx.ip }),
    ),
  credential: router({
    list: dev.list('/v2/h/oauth2/credential', 'Credentials', noInput(listCredentials, listCredentialsOutput)),
    create: dev.post(
      '/v2/h/oauth2/credential',
      'Credential created',
      call(createCredentialInput, createCredential, createCredentialOutput),
    ),
    detail: dev.get('/v2/h/oauth2/credential/{id}', 'Credential', call(credentialIdInput, getCredential, getCredentialOutput)),
    update: dev.post(
      '/v2/h/oauth2/credential/{id}/update',
      'Credential updated',
      call(updateCredentialInput, updateCredential, updateCredentialOutput),
    ),
    rotate: dev.post(
      '/v2/h/oauth2/credential/{id}/rotate',
      'Credential secret rotated',
      call(credentialIdInput, rotateCredentialSecret, rotateCredentialSecretOutput),
    ),
    revoke: dev.post(
      '/v2/h/oauth2/credential/{id}/revoke',
      'Credential revoked',
      call(
        z.object({ id }),
        thenOk((ctx, grant: Grant<'developer.access'>, input: { id: number }) => revokeCredential(ctx, grant, input.id)),
        okResult,
      ),
    ),
  }),
});

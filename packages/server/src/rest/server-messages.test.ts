import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { appRouter } from '../routers/index';
import { publicProcedure, router } from '../trpc/procedures';
import { SERVER_MESSAGES_FILE, serverMessagesModule, successMessagesOf } from './server-messages';

describe("the web's catalogue of server success messages", () => {
  it('is up to date with the router (run `pnpm gen:server-messages` after changing a message)', () => {
    expect(readFileSync(SERVER_MESSAGES_FILE, 'utf8')).toBe(serverMessagesModule(appRouter));
  });

  it('holds the mutations with a message, by dotted path, and no queries', () => {
    const r = router({
      shift: router({
        create: publicProcedure.meta({ rest: { method: 'POST', path: '/x', message: 'Shift created' } }).mutation(() => 1),
        list: publicProcedure.meta({ rest: { method: 'GET', path: '/x', message: 'Shifts' } }).query(() => 1),
      }),
      bare: publicProcedure.mutation(() => 1),
    });
    expect(successMessagesOf(r)).toEqual({ 'shift.create': 'Shift created' });
    expect(successMessagesOf(appRouter)['attendance.shift.create']).toBe('Shift created');
  });
});

import { getMutationKey } from '@trpc/react-query';
import { describe, expect, it } from 'vitest';
import { SERVER_MESSAGES_ID } from '../i18n/server-messages-id';
import { serverMessage, serverMessageOfKey } from './server-messages';
import { SERVER_MESSAGES } from './server-messages.generated';
import { trpc } from './trpc';

const english = new Set<string>(Object.values(SERVER_MESSAGES));

describe("the server's success messages in Bahasa Indonesia", () => {
  it('translates every message the server sends (add new ones to i18n/server-messages-id.ts)', () => {
    const missing = [...english].filter((m) => !(SERVER_MESSAGES_ID as Record<string, string>)[m]?.trim());
    expect(missing, `translate these in i18n/server-messages-id.ts: ${missing.join(' | ')}`).toEqual([]);
  });

  it('each translation differs from the English text', () => {
    const untranslated = Object.entries(SERVER_MESSAGES_ID).filter(([en, id]) => en === id);
    expect(untranslated).toEqual([]);
  });

  it('holds no message the server no longer sends', () => {
    const stale = Object.keys(SERVER_MESSAGES_ID).filter((m) => !english.has(m));
    expect(stale, `remove these from i18n/server-messages-id.ts: ${stale.join(' | ')}`).toEqual([]);
  });
});

describe('serverMessageOfKey', () => {
  it("reads the procedure from @trpc/react-query's mutation key", () => {
    // The key the global MutationCache handler receives (`mutation.options.mutationKey`).
    const key = getMutationKey(trpc.attendance.shift.create);
    expect(key).toEqual([['attendance', 'shift', 'create']]);
    expect(serverMessageOfKey(key)).toBe('Shift created');
  });

  it('answers in the UI language, and nothing for a key that is not a mutation of the catalogue', () => {
    expect(serverMessage('attendance.shift.create', 'id')).toBe('Shift dibuat');
    expect(serverMessage('attendance.shift.create', 'en')).toBe('Shift created');
    expect(serverMessageOfKey([['attendance', 'shift', 'list']])).toBeUndefined();
    expect(serverMessageOfKey(undefined)).toBeUndefined();
    expect(serverMessageOfKey(['x'])).toBeUndefined();
  });
});

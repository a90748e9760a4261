import { i18n } from '../i18n';
import { SERVER_MESSAGES_ID } from '../i18n/server-messages-id';
import { SERVER_MESSAGES } from './server-messages.generated';

/** The dotted tRPC path of a mutation (`attendance.shift.create`). */
export type MutationPath = keyof typeof SERVER_MESSAGES;
/** A success message the server sends (`Shift created`). */
export type ServerMessage = (typeof SERVER_MESSAGES)[MutationPath];

export const isMutationPath = (path: string): path is MutationPath => Object.hasOwn(SERVER_MESSAGES, path);

/** A server message in the UI language: Bahasa Indonesia from i18n/server-messages-id.ts, else the English text. */
export function translateServerMessage(message: string, language: string = i18n.language): string {
  if (!language?.startsWith('id')) return message;
  return (SERVER_MESSAGES_ID as Record<string, string>)[message] ?? message;
}

/**
 * The success message the server sends for the mutation `path` (the REST envelope's `success`),
 * in the UI language: what a write shows when it succeeds (issue 20 item 9).
 */
export const serverMessage = (path: MutationPath, language?: string): string =>
  translateServerMessage(SERVER_MESSAGES[path], language);

/**
 * The server message of the mutation whose TanStack key is `mutationKey`: @trpc/react-query keys a
 * mutation by its split path (`[['attendance', 'shift', 'create']]`). Undefined for another key.
 */
export function serverMessageOfKey(mutationKey: readonly unknown[] | undefined): string | undefined {
  const parts = mutationKey?.[0];
  if (!Array.isArray(parts)) return undefined;
  const path = parts.join('.');
  return isMutationPath(path) ? serverMessage(path) : undefined;
}

import type { ZxcvbnFactory, ZxcvbnResult } from '@zxcvbn-ts/core';
import type { Db } from '../shared/context';
import { AppError } from '../shared/errors';

/**
 * Server-side password strength (issue 16 item 7), on top of the browser-safe rules of the
 * `newPassword` schema (length, one repeated character, the short common list): the zxcvbn-ts
 * estimator with its common-password and English dictionaries, fed with the person's own words
 * (e-mail local part, names). Applied to every password a person sets through the API or the CLI
 * (change, activation, administrator reset, `hr user add`); never to fixtures inserted directly.
 *
 * Minimum score 3 of 0–4, zxcvbn's "safely unguessable" (an estimated 10^8 guesses or more): with
 * argon2id hashes and the login rate limit that resists online guessing and slows an offline attack
 * on a stolen hash; score 2 (10^6) falls to a list attack within the day. OWASP ASVS 4.0.3 V2.1.7/8
 * and NIST SP 800-63B §5.1.1.2 ask for exactly this: refuse common, expected and context-specific
 * passwords (the user's name and e-mail).
 */
export const MIN_PASSWORD_SCORE = 3;

/** The person a password is for: its own words are refused in it. */
export interface PasswordOwner {
  email?: string | null;
  /** Given name, surname, full name: each word of three or more letters is refused. */
  names?: readonly (string | null | undefined)[];
}

let estimator: Promise<ZxcvbnFactory> | undefined;

/**
 * The estimator, built once on first use: its dictionaries (~1 MB of JavaScript) are imported
 * only then, so they do not slow server start. Only the first 64 characters are estimated and
 * l33t substitutions are capped at 20: zxcvbn's matching grows quickly with length (a 128-character
 * input took ~2 s), and a longer password is not weak because of what follows its 64th character.
 */
function zxcvbn(): Promise<ZxcvbnFactory> {
  estimator ??= (async () => {
    const [{ ZxcvbnFactory }, common, en] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
      import('@zxcvbn-ts/language-en'),
    ]);
    return new ZxcvbnFactory({
      dictionary: { ...common.dictionary, ...en.dictionary },
      graphs: common.adjacencyGraphs,
      translations: en.translations,
      maxLength: 64,
      l33tMaxSubstitutions: 20,
    });
  })();
  return estimator;
}

const words = (s: string): string[] =>
  s
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length >= 3);

/**
 * Why the password is too easy to guess, as the end of "Password is too easy to guess: …"; null
 * when it is acceptable. Reasons, first that applies: the e-mail name, the person's name, a common
 * password, then zxcvbn's own warning (repeats, sequences, keyboard patterns, dates, …).
 */
export async function passwordWeakness(password: string, owner: PasswordOwner = {}): Promise<string | null> {
  const local = (owner.email ?? '').split('@')[0]?.toLowerCase() ?? '';
  const emailWords = new Set([...(local.length >= 3 ? [local] : []), ...words(local)]);
  const nameWords = new Set(owner.names?.flatMap((n) => (n ? words(n) : [])) ?? []);
  const lower = password.toLowerCase();
  // Plain containment first: the estimator may score "Budi2026!x" as strong, yet it holds the name.
  if ([...emailWords].some((w) => lower.includes(w))) return 'it contains your e-mail name';
  if ([...nameWords].some((w) => lower.includes(w))) return 'it contains your name';

  const result: ZxcvbnResult = (await zxcvbn()).check(password, [...emailWords, ...nameWords]);
  // Reversed or l33t forms of one's own words ("osotnas", "s4ntoso").
  for (const m of result.sequence) {
    if (m.pattern !== 'dictionary' || m.dictionaryName !== 'userInputs') continue;
    const word = String(m.matchedWord ?? '');
    if (emailWords.has(word)) return 'it contains your e-mail name';
    if (nameWords.has(word)) return 'it contains your name';
  }
  if (result.score >= MIN_PASSWORD_SCORE) return null;
  const common = result.sequence.some((m) => m.pattern === 'dictionary' && String(m.dictionaryName).startsWith('passwords'));
  if (common) return 'it is, or is close to, a commonly used password';
  const warning = result.feedback.warning?.replace(/\.$/, '');
  if (warning) return `${warning.charAt(0).toLowerCase()}${warning.slice(1)}`;
  return 'add more words or characters that are hard to guess together';
}

/**
 * Refuses a password that is too easy to guess (VALIDATION, REST GL0001 on `param`), with the
 * reason: "Password is too easy to guess: it contains your e-mail name".
 */
export async function assertStrongPassword(password: string, owner: PasswordOwner, param = 'newPassword'): Promise<void> {
  const reason = await passwordWeakness(password, owner);
  if (reason === null) return;
  throw new AppError('VALIDATION', `Password is too easy to guess: ${reason}`, {
    fields: [{ param, msg: `is too easy to guess: ${reason}` }],
  });
}

/** The e-mail and names of a login (for {@link assertStrongPassword}). */
export async function passwordOwnerOf(db: Db, userId: number): Promise<PasswordOwner> {
  const row = await db
    .selectFrom('users as u')
    .leftJoin('employees as e', 'e.id', 'u.employee_id')
    .select(['u.email', 'e.given_name', 'e.surname'])
    .where('u.id', '=', userId)
    .executeTakeFirst();
  if (!row) return {};
  return { email: row.email, names: [row.given_name, row.surname] };
}

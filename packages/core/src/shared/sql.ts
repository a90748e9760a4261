/** Where a LIKE pattern lets the escaped text sit: anywhere in the value, or at its start. */
export type LikeMatch = 'contains' | 'prefix';

/**
 * A user's search text as a LIKE / ILIKE pattern in which `%`, `_` and `\` match literally
 * (PostgreSQL's default escape character is `\`): `%text%` for 'contains', `text%` for 'prefix'.
 */
export function likePattern(search: string, match: LikeMatch = 'contains'): string {
  const escaped = search.replace(/[\\%_]/g, (c) => `\\${c}`);
  return match === 'prefix' ? `${escaped}%` : `%${escaped}%`;
}

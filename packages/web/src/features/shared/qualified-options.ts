/*
 * Org lookups repeat names across offices (every office has a "Finance & Accounting" department, and its own
 * "Staff" positions): a select listing them bare shows the same text three times (issue 19 item 9). The options
 * keep the bare name when it is unique and qualify a repeated one, level by level, until it is told apart.
 */

/** A select option of a looked-up item. */
export interface LookupOption {
  value: number;
  label: string;
}

/** Gives the text that tells an item apart at one level (its office, its department), or undefined if unknown. */
export type Qualifier<T> = (item: T) => string | undefined;

const key = (s: string) => s.trim().toLocaleLowerCase();

/**
 * Options of `list`: "Name" where the name is unique, else "Name (Qualifier 1[, Qualifier 2 …])", adding the
 * next qualifier only for labels that still repeat. Order is kept.
 */
export function qualifiedOptions<T extends { id: number; name: string }>(
  list: readonly T[] | undefined,
  qualifiers: readonly Qualifier<T>[],
): LookupOption[] {
  const items = list ?? [];
  const parts = items.map((): string[] => []);
  const label = (i: number) => {
    const name = items[i]!.name;
    return parts[i]!.length ? `${name} (${parts[i]!.join(', ')})` : name;
  };
  for (const qualify of qualifiers) {
    const counts = new Map<string, number>();
    for (let i = 0; i < items.length; i++) counts.set(key(label(i)), (counts.get(key(label(i))) ?? 0) + 1);
    const repeated = items.map((_, i) => (counts.get(key(label(i))) ?? 0) > 1);
    if (!repeated.some(Boolean)) break;
    items.forEach((item, i) => {
      const part = repeated[i] ? qualify(item) : undefined;
      if (part) parts[i]!.push(part);
    });
  }
  return items.map((item, i) => ({ value: item.id, label: label(i) }));
}

/** Whether any name occurs more than once (case-insensitive): only then are the qualifying lookups needed. */
export function hasRepeatedNames(list: readonly { name: string }[] | undefined): boolean {
  const seen = new Set<string>();
  for (const { name } of list ?? []) {
    if (seen.has(key(name))) return true;
    seen.add(key(name));
  }
  return false;
}

/** The keys of `o` whose value is not undefined: an UPDATE's SET that changes only the given fields (undefined = keep). */
export function defined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/**
 * The id, label and error of one field of a hand-written form, from the form's id prefix, labels and
 * errors: `bind('name')` gives `{ id: '<prefix>-name', label: labels.name, error: errors.name }`,
 * the props a `TextField` (or a `Field`'s `htmlFor`) shares with every other field of that form.
 */
export function fieldBinder<K extends string>(
  prefix: string,
  labels: { readonly [P in K]?: string },
  errors: { readonly [key: string]: string | undefined },
) {
  return (key: K) => ({ id: `${prefix}-${key}`, label: labels[key], error: errors[key] });
}

/** The same for a `Field` around a custom control: `{ label, htmlFor, error }` of field `key`. */
export function labelBinder<K extends string>(
  prefix: string,
  labels: { readonly [P in K]?: string },
  errors: { readonly [key: string]: string | undefined },
) {
  return (key: K) => ({ label: labels[key], htmlFor: `${prefix}-${key}`, error: errors[key] });
}

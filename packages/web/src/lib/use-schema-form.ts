import { useState } from 'react';
import type { z } from 'zod';
import { fieldsOf } from './errors';
import { requiredNotice, startCase } from './format';
import { revealInvalid } from './reveal-invalid';

export interface FormFieldDef<K extends string> {
  key: K;
  label: string;
  required?: boolean;
  /** Fields cleared when this one changes (a department depends on its office, …). */
  resets?: readonly K[];
}

export type FormValues<K extends string> = Record<K, string>;
export type FormErrors<K extends string> = Partial<Record<K, string>>;

/**
 * The fields of a form over `keys`, in that order: each labelled `label(key)`, required when `required`
 * holds it, and clearing the fields `resets` names for it when it changes (PLACEMENT_RESETS: a
 * department depends on its office, …).
 */
export function formFieldDefs<K extends string>(
  keys: readonly K[],
  label: (key: K) => string,
  { required, resets }: { required?: ReadonlySet<string>; resets?: Readonly<Record<string, readonly string[]>> } = {},
): FormFieldDef<string>[] {
  return keys.map((key) => ({
    key,
    label: label(key),
    required: required?.has(key),
    ...(resets?.[key] ? { resets: resets[key] } : {}),
  }));
}

/** The starting values of a form that opens empty: "" for every key. */
export const blankValues = (keys: readonly string[]): Record<string, string> => Object.fromEntries(keys.map((k) => [k, '']));

/** The DOM id of a field's control (labels point at it; the first invalid one gets the focus). */
export const fieldId = (prefix: string, key: string) => `${prefix}-${key}`;

/**
 * State of a form whose rules are a core zod schema (the server checks the same schema): on
 * submit, empty required fields get the spec §5 notice "<Field> field is required", other problems
 * the schema's message, and the first invalid field (in form order) is scrolled to and focused, with
 * a notice listing what is wrong. The server's
 * GL0001 field errors (and a CONFLICT naming a field) are shown at their fields the same way.
 */
export function useSchemaForm<K extends string, I>(opts: {
  idPrefix: string;
  fields: readonly FormFieldDef<K>[];
  initial: FormValues<K>;
  schema: z.ZodType;
  toInput: (values: FormValues<K>) => I;
}) {
  const { idPrefix, fields } = opts;
  const [initial] = useState<FormValues<K>>(opts.initial);
  const [values, setValues] = useState<FormValues<K>>(opts.initial);
  const [errors, setErrors] = useState<FormErrors<K>>({});
  const labelOf = (k: string) => fields.find((f) => f.key === k)?.label ?? startCase(k);
  const keys = fields.map((f) => f.key as string);

  /** Scrolls to and focuses the first invalid field; a refused save (`notice`) also says which fields are wrong. */
  const focusFirst = (errs: FormErrors<K>, notice: boolean) => {
    const first = fields.find((f) => errs[f.key]);
    if (!first) return;
    const el = document.getElementById(fieldId(idPrefix, first.key));
    if (notice)
      revealInvalid(
        el,
        fields.flatMap((f) => errs[f.key] ?? []),
      );
    else el?.focus();
  };

  const set = (key: K, value: string) => {
    setValues((v) => {
      const next: Record<string, string> = { ...v, [key]: value };
      for (const r of fields.find((f) => f.key === key)?.resets ?? []) next[r] = '';
      return next as FormValues<K>;
    });
    setErrors((e) => (e[key] ? { ...e, [key]: undefined } : e));
  };

  /** Validates; calls `onValid` with the input when the form is fine. */
  const submit = async (onValid: (input: I) => Promise<void>) => {
    const next: FormErrors<K> = {};
    for (const f of fields) if (f.required && !values[f.key].trim()) next[f.key] = requiredNotice(f.label);
    const input = opts.toInput(values);
    const parsed = opts.schema.safeParse(input);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const k = String(issue.path[0] ?? '') as K;
        if (keys.includes(k)) next[k] ??= fieldMessage(labelOf(k), issue.message);
      }
    }
    setErrors(next);
    if (Object.values(next).some(Boolean)) {
      focusFirst(next, true);
      return;
    }
    await onValid(input);
  };

  /** Shows a failed call's field errors at their fields; true when there were any. */
  const showServerErrors = (err: unknown): boolean => {
    const next: FormErrors<K> = {};
    for (const f of fieldsOf(err)) if (keys.includes(f.param)) next[f.param as K] ??= fieldMessage(labelOf(f.param), f.msg);
    setErrors(next);
    focusFirst(next, false);
    return Object.keys(next).length > 0;
  };

  /** A field differs from its starting value: closing the form without saving would lose it. */
  const dirty = keys.some((k) => (values[k as K] ?? '') !== (initial[k as K] ?? ''));

  return { idPrefix, fields, values, errors, set, submit, showServerErrors, dirty };
}

export type SchemaForm<K extends string, I> = ReturnType<typeof useSchemaForm<K, I>>;

/** "is required" → "Name is required"; a message that is a sentence of its own ("Department X is not in …") stays as it is. */
export const fieldMessage = (label: string, msg: string) => (/^[A-Z]/.test(msg) ? msg : `${label} ${msg}`);

/** "" → undefined, otherwise the trimmed text. */
export const textOrUndefined = (v: string) => (v.trim() === '' ? undefined : v);
/** `{ [key]: the trimmed text }`, or nothing when it is blank: spread into an input whose text is optional. */
export function trimmedOrOmitted<K extends string>(key: K, v: string): { [P in K]?: string } {
  const text = v.trim();
  return text ? ({ [key]: text } as { [P in K]?: string }) : {};
}
/** A number typed in a text box ("" → undefined; the schema reports anything that is not a number). */
export const numberOrUndefined = (v: string): number | string | undefined => (v.trim() === '' ? undefined : v.trim());

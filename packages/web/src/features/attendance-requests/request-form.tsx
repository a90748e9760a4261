import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldsOf } from '../../lib/errors';
import { Button } from '../../ui/Button';
import { useGuardedCancel } from '../../ui/dialog-guard';
import { Field } from '../../ui/Field';
import { TextInput } from '../../ui/TextInput';
import './texts';

type Errors<K extends string> = Partial<Record<K, string>>;
interface Parsed {
  success: boolean;
  error?: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } | undefined;
}

/**
 * Field errors of a request form, in form order: the server's field errors, and on submit the
 * required notices plus the schema's issues ("<Label> <message>"); the first invalid field
 * (`<idPrefix>-<key>`) gets the focus.
 */
export function useRequestErrors<K extends string>(order: readonly K[], idPrefix: string) {
  const [errors, setErrors] = useState<Errors<K>>({});
  const isKey = (k: string): k is K => (order as readonly string[]).includes(k);
  return {
    errors,
    setErrors,
    onError: (labels: Record<K, string>) => (err: unknown) => {
      const next: Errors<K> = {};
      for (const f of fieldsOf(err)) if (isKey(f.param)) next[f.param] ??= `${labels[f.param]} ${f.msg}`;
      setErrors(next);
    },
    /** Shows `next` with the schema's issues; true when the form may be sent. */
    check: (next: Errors<K>, parsed: Parsed, labels: Record<K, string>) => {
      for (const i of parsed.error?.issues ?? []) {
        const k = String(i.path[0]) as K;
        next[k] ??= `${labels[k]} ${i.message}`;
      }
      setErrors(next);
      const first = order.find((k) => next[k]);
      if (first || !parsed.success) {
        document.getElementById(`${idPrefix}-${first ?? 'date'}`)?.focus();
        return false;
      }
      return true;
    },
  };
}

/** The required reason of a request (the full width of the form). */
export function ReasonField({
  id,
  label,
  error,
  value,
  onChange,
}: {
  id: string;
  label: string;
  error: string | undefined;
  value: string;
  onChange: (v: string) => void;
}) {
  return (
    <Field label={label} htmlFor={id} required error={error} className="sm:col-span-2">
      <TextInput id={id} maxLength={1000} value={value} invalid={Boolean(error)} onChange={(e) => onChange(e.target.value)} />
    </Field>
  );
}

/** The form's Cancel (when given) and submit buttons. */
export function FormButtons({
  onCancel,
  busy,
  submitLabel,
}: {
  onCancel: (() => void) | null;
  busy: boolean;
  submitLabel: string;
}) {
  const { t } = useTranslation();
  // Inside a dialog with unsaved changes, Cancel first asks "Discard changes?".
  const cancel = useGuardedCancel(onCancel ?? (() => {}));
  return (
    <div className="flex justify-end gap-2 sm:col-span-2">
      {onCancel ? (
        <Button variant="secondary" onClick={cancel}>
          {t('app.cancel')}
        </Button>
      ) : null}
      <Button type="submit" disabled={busy}>
        {submitLabel}
      </Button>
    </div>
  );
}

import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trpc } from '../../lib/trpc';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { controlClass } from '../../ui/controls';
import './texts';

interface Issue {
  message: string;
  position: number;
}

/**
 * A formula box checked live by `salary.formula.validate` (the server's formula language and
 * variables, docs/payroll-runs.md): the first problem is shown as the server words it
 * ("unknown variable basik at position 0") with a caret under that position. `error` is the message
 * of a refused save, shown when there is no live result.
 */
export function FormulaField({
  id,
  label,
  value,
  onChange,
  error,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  const debounced = useDebouncedValue(value.trim(), 300);
  const validate = trpc.salary.formula.validate.useMutation({ meta: { silent: true } });
  const [checked, setChecked] = useState<{ text: string; issues: Issue[]; variables: string[] } | null>(null);
  const { mutate } = validate;
  useEffect(() => {
    if (!debounced) {
      setChecked(null);
      return;
    }
    mutate(
      { formula: debounced },
      { onSuccess: (r) => setChecked({ text: debounced, issues: r.issues, variables: r.variables }) },
    );
  }, [debounced, mutate]);
  const current = checked && checked.text === value.trim() ? checked : null;
  const issue = current?.issues[0];
  // A valid live result replaces the message of an earlier refused save.
  const message = issue ? `${issue.message} at position ${issue.position}` : current ? null : (error ?? null);
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <textarea
        id={id}
        rows={2}
        maxLength={2000}
        spellCheck={false}
        aria-invalid={message ? true : undefined}
        className={controlClass(Boolean(message), 'font-mono')}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      {issue ? (
        <pre className="mt-1 overflow-x-auto text-xs text-red-700" aria-hidden="true" data-testid="formula-caret">
          {current.text}
          {'\n'}
          {`${' '.repeat(Math.min(issue.position, current.text.length))}^`}
        </pre>
      ) : null}
      {message ? (
        <p className="mt-1 text-sm text-red-600" role="alert" data-testid="formula-error">
          {message}
        </p>
      ) : current ? (
        <p className="mt-1 text-xs text-emerald-700" data-testid="formula-ok">
          {t('salaryData.formulaOk')} · {t('salaryData.formulaHint', { vars: current.variables.join(', ') })}
        </p>
      ) : null}
    </div>
  );
}

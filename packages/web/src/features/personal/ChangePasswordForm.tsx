import { changePasswordInput } from '@hr/core/browser';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldsOf } from '../../lib/errors';
import { requiredNotice, startCase } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { TextInput } from '../../ui/TextInput';

type Key = 'oldPassword' | 'newPassword' | 'confirmPassword';
const ORDER: Key[] = ['oldPassword', 'newPassword', 'confirmPassword'];
const EMPTY: Record<Key, string> = { oldPassword: '', newPassword: '', confirmPassword: '' };

/** Change password (auth.changePassword); rules come from the shared zod schema. */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Key, string>>>({});
  const change = trpc.auth.changePassword.useMutation({
    meta: { allow401: true, successMessage: 'server' },
    onSuccess: () => {
      setForm(EMPTY);
      setErrors({});
      void utils.auth.me.invalidate();
    },
    onError: (err) => {
      const next: Partial<Record<Key, string>> = {};
      for (const f of fieldsOf(err)) if (ORDER.includes(f.param as Key)) next[f.param as Key] = `${startCase(f.param)} ${f.msg}`;
      setErrors(next);
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next: Partial<Record<Key, string>> = {};
    for (const k of ORDER) if (!form[k]) next[k] = requiredNotice(k);
    if (!Object.keys(next).length) {
      const parsed = changePasswordInput.safeParse({ oldPassword: form.oldPassword, newPassword: form.newPassword });
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          const k = issue.path[0] as Key;
          next[k] ??= `${startCase(k)} ${issue.message}`;
        }
      } else if (form.newPassword !== form.confirmPassword) next.confirmPassword = t('profile.mismatch');
    }
    setErrors(next);
    const first = ORDER.find((k) => next[k]);
    if (first) {
      document.getElementById(first)?.focus();
      return;
    }
    change.mutate({ oldPassword: form.oldPassword, newPassword: form.newPassword });
  };

  const input = (k: Key, label: string, autoComplete: string, hint?: string) => (
    <Field label={label} htmlFor={k} error={errors[k]} hint={hint}>
      <TextInput
        id={k}
        name={k}
        type="password"
        autoComplete={autoComplete}
        value={form[k]}
        invalid={Boolean(errors[k])}
        onChange={(e) => {
          const v = e.target.value;
          setForm((f) => ({ ...f, [k]: v }));
          if (v && errors[k]) setErrors((er) => ({ ...er, [k]: undefined }));
        }}
      />
    </Field>
  );

  return (
    <form onSubmit={submit} noValidate className="max-w-md space-y-4">
      {input('oldPassword', t('profile.oldPassword'), 'current-password')}
      {input('newPassword', t('profile.newPassword'), 'new-password', t('profile.passwordRule'))}
      {input('confirmPassword', t('profile.confirmPassword'), 'new-password')}
      <Button type="submit" disabled={change.isPending}>
        {t('profile.submit')}
      </Button>
    </form>
  );
}

import type { CredentialScope } from '@hr/core/browser';
import { useTranslation } from 'react-i18next';
import { trpc } from '../../lib/trpc';
import { Field } from '../../ui/Field';
import { Select } from '../../ui/Select';
import { TextInput } from '../../ui/TextInput';
import { requiredNotice } from '../../lib/format';

/** What the add and edit forms of /developer/credential hold. */
export interface CredentialDraft {
  name: string;
  /** `ingest`: the agent endpoints only; `full`: everything the granting user may do. */
  access: 'ingest' | 'full';
  /** A terminal id as text; '' means any terminal. */
  deviceId: string;
}

export const scopesOf = (access: CredentialDraft['access']): CredentialScope[] => (access === 'full' ? ['full'] : ['ingest']);
/** The access and terminal of a draft as the API takes them. */
export const credentialBody = (draft: Pick<CredentialDraft, 'access' | 'deviceId'>) => ({
  scopes: scopesOf(draft.access),
  deviceId: draft.deviceId ? Number(draft.deviceId) : null,
});

/**
 * Checks a credential's input with the API's schema: the parsed input, or null after the name's
 * notice ("required" when empty, else the schema's message) is shown and the name focused.
 */
export function checkCredential<T>(
  parsed: { success: true; data: T } | { success: false; error: { issues: readonly { message: string }[] } },
  name: string,
  setNameError: (notice: string | null) => void,
): T | null {
  if (!parsed.success) {
    setNameError(name.trim() ? `Name ${parsed.error.issues[0]?.message ?? ''}` : requiredNotice('name'));
    document.getElementById('name')?.focus();
    return null;
  }
  setNameError(null);
  return parsed.data;
}

export const accessOf = (scopes: readonly string[]): CredentialDraft['access'] => (scopes.includes('full') ? 'full' : 'ingest');

/** Name, scope and terminal binding, shared by the add and edit screens. */
export function CredentialFields({
  draft,
  onChange,
  nameError,
  deviceError,
}: {
  draft: CredentialDraft;
  onChange: (d: CredentialDraft) => void;
  nameError: string | null;
  deviceError?: string | null;
}) {
  const { t } = useTranslation();
  const devices = trpc.device.list.useQuery({ page: 1, pageSize: 500 });
  return (
    <>
      <Field label={t('credentials.name')} htmlFor="name" error={nameError} required>
        <TextInput
          id="name"
          name="name"
          maxLength={100}
          value={draft.name}
          invalid={Boolean(nameError)}
          onChange={(e) => onChange({ ...draft, name: e.target.value })}
        />
      </Field>
      <fieldset>
        <legend className="mb-1 block text-sm font-medium text-slate-700">{t('credentials.scope')}</legend>
        {(['ingest', 'full'] as const).map((access) => (
          <label key={access} className="flex items-start gap-2 py-1 text-sm text-slate-700">
            <input
              type="radio"
              name="access"
              value={access}
              checked={draft.access === access}
              onChange={() => onChange({ ...draft, access })}
            />
            <span>
              {t(access === 'ingest' ? 'credentials.scopeIngest' : 'credentials.scopeFull')}
              <span className="block text-xs text-slate-500">
                {t(access === 'ingest' ? 'credentials.scopeIngestHint' : 'credentials.scopeFullHint')}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      <Field label={t('credentials.device')} htmlFor="device" error={deviceError} hint={t('credentials.deviceHint')}>
        <Select
          id="device"
          value={draft.deviceId}
          loading={devices.isLoading}
          placeholder={t('credentials.anyDevice')}
          options={(devices.data?.rows ?? []).map((d) => ({ value: d.id, label: `${d.name} (${d.serial})` }))}
          onChange={(deviceId) => onChange({ ...draft, deviceId })}
        />
      </Field>
    </>
  );
}

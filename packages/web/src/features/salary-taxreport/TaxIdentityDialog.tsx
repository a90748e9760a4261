import { saveTaxIdentityInput } from '@hr/core/browser';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { fieldsOf } from '../../lib/errors';
import { notifySuccess } from '../../lib/notify';
import { serverMessage } from '../../lib/server-messages';
import { trpc } from '../../lib/trpc';
import { type FormFieldDef, useSchemaForm } from '../../lib/use-schema-form';
import { FormDialog } from '../../ui/FormDialog';
import type { TaxIdentity } from './taxreport-format';
import './texts';

type IdentityInput = { npwp: string; offices: { companyOfficeId: number; nitku: string }[] };

const nitkuKey = (companyOfficeId: number) => `nitku.${companyOfficeId}`;

/**
 * The form field a path of saveTaxIdentityInput belongs to: "offices.2.nitku" → the NITKU of the third office
 * sent; "offices" (the NPWP changed, an office's NITKU is missing) → the NPWP.
 */
function fieldOf(path: string, input: IdentityInput): string {
  const m = /^offices\.(\d+)\b/.exec(path);
  const office = m ? input.offices[Number(m[1])] : undefined;
  if (office) return nitkuKey(office.companyOfficeId);
  return path === 'offices' ? 'npwp' : path;
}

/** The core schema with each problem reported at its form field (the form has one field per office). */
const identityFormSchema = z.unknown().superRefine((input, ctx) => {
  const r = saveTaxIdentityInput.safeParse(input);
  if (r.success) return;
  for (const issue of r.error.issues)
    ctx.addIssue({ code: 'custom', path: [fieldOf(issue.path.join('.'), input as IdentityInput)], message: issue.message });
});

/**
 * The company tax identity (salary.setting): the NPWP and the NITKU of each office, checked with core's schema;
 * the server's GL0001 field errors are shown at their fields. An office left empty keeps what it had.
 */
export function TaxIdentityDialog({ identity, onClose }: { identity: TaxIdentity; onClose: () => void }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const save = trpc.salary.taxReport.saveIdentity.useMutation();
  const fields: FormFieldDef<string>[] = [
    { key: 'npwp', label: t('coretax.npwp'), required: true },
    ...identity.offices.map((o) => ({ key: nitkuKey(o.companyOfficeId), label: t('coretax.nitku', { office: o.name }) })),
  ];
  const form = useSchemaForm<string, IdentityInput>({
    idPrefix: 'tax-identity',
    fields,
    initial: Object.fromEntries([
      ['npwp', identity.npwp ?? ''],
      ...identity.offices.map((o) => [nitkuKey(o.companyOfficeId), o.nitku ?? '']),
    ]),
    schema: identityFormSchema,
    toInput: (v) => ({
      npwp: v['npwp'] ?? '',
      offices: identity.offices
        .map((o) => ({ companyOfficeId: o.companyOfficeId, nitku: (v[nitkuKey(o.companyOfficeId)] ?? '').trim() }))
        .filter((o) => o.nitku !== ''),
    }),
  });
  return (
    <FormDialog
      title={t('coretax.identity')}
      form={form}
      pending={save.isPending}
      onClose={onClose}
      views={[
        { key: 'npwp', inputMode: 'numeric', maxLength: 25, hint: t('coretax.npwpHint') },
        ...identity.offices.map((o) => ({
          key: nitkuKey(o.companyOfficeId),
          inputMode: 'numeric' as const,
          maxLength: 30,
          hint: t('coretax.nitkuHint'),
        })),
      ]}
      save={async (input) => {
        try {
          await save.mutateAsync(input);
        } catch (err) {
          // The server names fields by their path in the input; the form names them by office.
          throw { data: { fields: fieldsOf(err).map((f) => ({ ...f, param: fieldOf(f.param, input) })) } };
        }
        notifySuccess(serverMessage('salary.taxReport.saveIdentity'));
        await Promise.all([utils.salary.taxReport.identity.invalidate(), utils.salary.taxReport.preview.invalidate()]);
      }}
    />
  );
}

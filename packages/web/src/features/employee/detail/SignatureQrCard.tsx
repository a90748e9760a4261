import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../lib/can';
import { formatDateTime } from '../../../lib/format';
import { saveBase64 } from '../../../lib/save-file';
import { trpc } from '../../../lib/trpc';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { readAttachment } from '../../shared/approvals/read-attachment';
import './signature-qr-texts';
import { toastThen } from '../../../lib/toast-then';

/** The server's limit (core SIGNATURE_MAX_BYTES): checked here first so a big file is not sent. */
const MAX_BYTES = 200 * 1024;
const TYPES = ['image/png', 'image/jpeg'] as const;

/**
 * The employee's signature (upload, view, delete) and QR code (generate, download) on the employee
 * detail page. With `canManage` (HR editing any record) it uses the employee procedures; on the
 * personal profile (`canManage` false) the employee sees and uploads their own signature and
 * downloads their own QR code once HR has generated it.
 */
export function SignatureQrCard({ employeeId, canManage }: { employeeId: number; canManage: boolean }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const own = !canManage;
  const canUpdate = useCan('employee.update') && canManage;
  const input = useRef<HTMLInputElement>(null);
  const [bad, setBad] = useState(false);

  const staffInfo = trpc.employee.signature.info.useQuery({ id: employeeId }, { enabled: !own });
  const ownInfo = trpc.employee.signature.mineInfo.useQuery(undefined, { enabled: own });
  const info = own ? ownInfo.data : staffInfo.data;
  const hasSignature = !!info?.signature;
  const staffImage = trpc.employee.signature.get.useQuery({ id: employeeId }, { enabled: !own && hasSignature });
  const ownImage = trpc.employee.signature.mine.useQuery(undefined, { enabled: own && hasSignature });
  const image = own ? ownImage.data : staffImage.data;

  const refresh = () => void utils.employee.signature.invalidate();
  const upload = trpc.employee.signature.upload.useMutation(toastThen(refresh));
  const uploadMine = trpc.employee.signature.uploadMine.useMutation(toastThen(refresh));
  const remove = trpc.employee.signature.delete.useMutation(toastThen(refresh));
  const generate = trpc.employee.qrCode.generate.useMutation(
    toastThen((file) => {
      saveBase64(file);
      refresh();
    }),
  );

  const pick = async (f: File | undefined) => {
    setBad(false);
    if (!f) return;
    const read = await readAttachment(f, TYPES, MAX_BYTES);
    if (!read) {
      setBad(true);
    } else {
      const file = { fileName: read.name, contentType: read.mime, contentBase64: read.contentBase64 };
      await (own ? uploadMine.mutateAsync(file) : upload.mutateAsync({ id: employeeId, ...file })).catch(() => undefined);
    }
    if (input.current) input.current.value = '';
  };
  const download = async (format: 'png' | 'pdf') =>
    saveBase64(
      own
        ? await utils.employee.qrCode.downloadMine.fetch({ format })
        : await utils.employee.qrCode.download.fetch({ id: employeeId, format }),
    );
  const mayUpload = own || canUpdate;
  const busy = upload.isPending || uploadMine.isPending;

  return (
    <Card title={t('signatureQr.title')}>
      <div className="grid gap-6 sm:grid-cols-2">
        <section data-testid="signature-section">
          <h3 className="mb-2 text-sm font-semibold text-slate-700">{t('signatureQr.signature')}</h3>
          {info?.signature ? (
            <>
              {image ? (
                <img
                  src={`data:${image.contentType};base64,${image.base64}`}
                  alt={t('signatureQr.signature')}
                  className="mb-2 max-h-32 rounded border border-slate-200 bg-white object-contain p-1"
                />
              ) : null}
              <p className="text-xs text-slate-500">
                {info.signature.fileName} ·{' '}
                {t('signatureQr.uploadedBy', {
                  name: info.signature.uploadedBy ?? '-',
                  at: formatDateTime(info.signature.uploadedAt),
                })}
              </p>
            </>
          ) : (
            <p className="text-sm text-slate-500">{info ? t('signatureQr.noSignature') : '…'}</p>
          )}
          {mayUpload ? (
            <div className="mt-3 flex flex-wrap items-center gap-2">
              <label className="sr-only" htmlFor={`signature-file-${employeeId}`}>
                {t('signatureQr.chooseFile')}
              </label>
              <input
                ref={input}
                id={`signature-file-${employeeId}`}
                type="file"
                accept="image/png,image/jpeg"
                className="hidden"
                onChange={(e) => void pick(e.target.files?.[0])}
              />
              <Button variant="secondary" size="sm" disabled={busy} onClick={() => input.current?.click()}>
                {info?.signature ? t('signatureQr.replace') : t('signatureQr.upload')}
              </Button>
              {canUpdate && info?.signature ? (
                <Button variant="danger" size="sm" disabled={remove.isPending} onClick={() => remove.mutate({ id: employeeId })}>
                  {t('signatureQr.deleteSignature')}
                </Button>
              ) : null}
            </div>
          ) : null}
          {bad ? (
            <p role="alert" className="mt-2 text-sm text-red-700">
              {t('signatureQr.badFile')}
            </p>
          ) : null}
        </section>

        <section data-testid="qr-section">
          <h3 className="mb-2 text-sm font-semibold text-slate-700">{t('signatureQr.qrCode')}</h3>
          {info?.qrCode ? (
            <p className="text-sm text-slate-700">
              <span className="font-mono">{info.qrCode.text}</span>
              <br />
              <span className="text-xs text-slate-500">
                {t('signatureQr.cardCode', { code: info.qrCode.cardCode, at: formatDateTime(info.qrCode.generatedAt) })}
              </span>
            </p>
          ) : (
            <p className="text-sm text-slate-500">{info ? t('signatureQr.noQrCode') : '…'}</p>
          )}
          <div className="mt-3 flex flex-wrap gap-2">
            {canUpdate ? (
              <Button
                variant="secondary"
                size="sm"
                disabled={generate.isPending}
                onClick={() => generate.mutate({ id: employeeId })}
              >
                {info?.qrCode ? t('signatureQr.regenerate') : t('signatureQr.generate')}
              </Button>
            ) : null}
            {info?.qrCode ? (
              <>
                <Button variant="ghost" size="sm" onClick={() => void download('png')}>
                  {t('signatureQr.downloadPng')}
                </Button>
                <Button variant="ghost" size="sm" onClick={() => void download('pdf')}>
                  {t('signatureQr.downloadCard')}
                </Button>
              </>
            ) : null}
          </div>
        </section>
      </div>
    </Card>
  );
}

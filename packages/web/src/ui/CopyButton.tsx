import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button';
import { CopyIcon } from './Icons';

/** Copies `text` to the clipboard (falls back to selecting it when the API is missing). */
export function CopyButton({ text, label }: { text: string; label?: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const id = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(id);
  }, [copied]);
  return (
    <Button
      variant="secondary"
      size="sm"
      aria-label={label ?? t('app.copy')}
      onClick={() => {
        void navigator.clipboard?.writeText(text).then(
          () => setCopied(true),
          () => setCopied(false),
        );
      }}
    >
      <CopyIcon width={14} height={14} />
      {copied ? t('app.copied') : t('app.copy')}
    </Button>
  );
}

/** A secret shown once: monospace, selectable, with a copy button. */
export function SecretValue({ value, testId }: { value: string; testId?: string }) {
  return (
    <div className="flex items-center gap-2">
      <code
        data-testid={testId}
        className="flex-1 select-all break-all rounded bg-slate-100 px-3 py-2 font-mono text-sm text-slate-900"
      >
        {value}
      </code>
      <CopyButton text={value} />
    </div>
  );
}

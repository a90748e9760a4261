import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button';
import { type DialogGuard, DialogGuardContext } from './dialog-guard';
import './kit-texts';

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  /** A dialog that only shows something: its one button, which closes it (used when there is no `footer`). */
  closeLabel?: string;
  /**
   * Whether the dialog holds unsaved changes. When omitted, any edit the user makes inside it
   * (typing, a checkbox, a select, a picked date) counts; `false` turns the question off.
   */
  dirty?: boolean;
}

/**
 * A centred dialog (Headless UI: focus trap, Escape and outside click close it). When the user has
 * changed something in it, Escape, an outside click and Cancel (`FormButtons`, `ActionModal`) first
 * ask "Discard changes?"; a popup inside (date picker, listbox) takes its own Escape.
 */
export function Modal({ open, onClose, title, children, footer: given, closeLabel, dirty }: ModalProps) {
  const { t } = useTranslation();
  const [edited, setEdited] = useState(false);
  const [pending, setPending] = useState<(() => void) | null>(null);
  const isDirty = dirty ?? edited;
  useEffect(() => {
    if (!open) {
      setEdited(false);
      setPending(null);
    }
  }, [open]);
  const guard = useMemo<DialogGuard>(
    () => ({
      markDirty: () => setEdited(true),
      guard: (close) => (isDirty ? setPending(() => close) : close()),
    }),
    [isDirty],
  );
  const markEdited = () => {
    if (!edited) setEdited(true);
  };
  const footer =
    given ??
    (closeLabel ? (
      <Button variant="secondary" onClick={onClose}>
        {closeLabel}
      </Button>
    ) : null);
  return (
    <Dialog open={open} onClose={() => guard.guard(onClose)} className="relative z-50">
      <div className="fixed inset-0 bg-slate-900/40" aria-hidden="true" />
      {/* The scroll container holds a centring box at least as tall as the screen, so a form taller
          than the screen scrolls from its top instead of being cut off above the viewport. */}
      <div className="fixed inset-0 overflow-y-auto">
        <div className="flex min-h-full items-center justify-center p-4">
          <DialogPanel className="w-full max-w-lg rounded-lg bg-white shadow-xl" onInput={markEdited} onChange={markEdited}>
            <DialogGuardContext.Provider value={guard}>
              <DialogTitle className="border-b border-slate-200 px-5 py-3 text-base font-semibold text-slate-900">
                {title}
              </DialogTitle>
              <div className="space-y-4 px-5 py-4">{children}</div>
              {footer ? <div className="flex justify-end gap-2 border-t border-slate-200 px-5 py-3">{footer}</div> : null}
            </DialogGuardContext.Provider>
            <Dialog open={pending !== null} onClose={() => setPending(null)} role="alertdialog" className="relative z-50">
              <div className="fixed inset-0 bg-slate-900/20" aria-hidden="true" />
              <div className="fixed inset-0 flex items-center justify-center p-4">
                <DialogPanel className="w-full max-w-sm space-y-4 rounded-lg bg-white p-5 shadow-xl">
                  <DialogTitle className="text-base font-semibold text-slate-900">{t('kit.discardTitle')}</DialogTitle>
                  <p className="text-sm text-slate-600">{t('kit.discardText')}</p>
                  <div className="flex flex-wrap justify-end gap-2">
                    <Button variant="secondary" autoFocus onClick={() => setPending(null)}>
                      {t('kit.keepEditing')}
                    </Button>
                    <Button
                      variant="danger"
                      onClick={() => {
                        const close = pending;
                        setPending(null);
                        setEdited(false);
                        close?.();
                      }}
                    >
                      {t('kit.discard')}
                    </Button>
                  </div>
                </DialogPanel>
              </div>
            </Dialog>
          </DialogPanel>
        </div>
      </div>
    </Dialog>
  );
}

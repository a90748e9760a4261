import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import type { ReactNode } from 'react';
import { Button } from './Button';

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  /** A dialog that only shows something: its one button, which closes it (used when there is no `footer`). */
  closeLabel?: string;
}

/** A centred dialog (Headless UI: focus trap, Escape and outside click close it). */
export function Modal({ open, onClose, title, children, footer: given, closeLabel }: ModalProps) {
  const footer =
    given ??
    (closeLabel ? (
      <Button variant="secondary" onClick={onClose}>
        {closeLabel}
      </Button>
    ) : null);
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-slate-900/40" aria-hidden="true" />
      {/* The scroll container holds a centring box at least as tall as the screen, so a form taller
          than the screen scrolls from its top instead of being cut off above the viewport. */}
      <div className="fixed inset-0 overflow-y-auto">
        <div className="flex min-h-full items-center justify-center p-4">
          <DialogPanel className="w-full max-w-lg rounded-lg bg-white shadow-xl">
            <DialogTitle className="border-b border-slate-200 px-5 py-3 text-base font-semibold text-slate-900">
              {title}
            </DialogTitle>
            <div className="space-y-4 px-5 py-4">{children}</div>
            {footer ? <div className="flex justify-end gap-2 border-t border-slate-200 px-5 py-3">{footer}</div> : null}
          </DialogPanel>
        </div>
      </div>
    </Dialog>
  );
}

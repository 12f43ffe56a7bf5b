/**
 * A modal dialog on the native `<dialog>`: centred (global.css undoes the
 * margin Tailwind's preflight takes away), the rest of the page inert, Tab
 * kept inside, Escape and the close button close it, and focus goes back to
 * where it was. Controlled: `open` and `onClose`.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children?: ReactNode;
  /** Buttons and links at the bottom, end-aligned. */
  actions?: ReactNode;
  className?: string;
}

const focusable = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function Dialog({ open, onClose, title, children, actions, className = '' }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    const onCancel = (event: Event) => {
      event.preventDefault();
      onCloseRef.current();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Tab') return;
      const items = [...dialog.querySelectorAll<HTMLElement>(focusable)];
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) return;
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('keydown', onKey);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('keydown', onKey);
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, [open]);

  return (
    <dialog ref={ref} aria-labelledby={titleId} className={`w-[min(28rem,92vw)] rounded-2xl bg-white p-6 text-slate-900 shadow-2xl backdrop:bg-slate-900/50 ${className}`}>
      {open && (
        <>
          <h2 id={titleId} className="text-xl font-bold">
            {title}
          </h2>
          {children}
          {actions && <div className="mt-6 flex flex-wrap justify-end gap-2">{actions}</div>}
        </>
      )}
    </dialog>
  );
}

/**
 * Asks before an action that cannot be undone in one click (issue 11:
 * cancelling a plan's renewal, an order, revoking a share link, spending beans
 * on a report). The safe choice comes first and has the focus; Escape is "no".
 * A failure of the action shows inside the dialog.
 */
import { useState, type ReactNode } from 'react';
import { Button } from './Button.tsx';
import { Dialog } from './Dialog.tsx';

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  /** The action; a message answered is a failure to show, undefined is done. */
  onConfirm: () => Promise<string | undefined>;
  onClose: () => void;
  /** A destructive action shows in red. */
  danger?: boolean;
}

export function ConfirmDialog({ open, title, children, confirmLabel, cancelLabel, onConfirm, onClose, danger = true }: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const close = () => {
    setFailure(undefined);
    onClose();
  };
  const confirm = async () => {
    setBusy(true);
    setFailure(undefined);
    const problem = await onConfirm();
    setBusy(false);
    if (problem) setFailure(problem);
    else close();
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      title={title}
      actions={
        <>
          <Button variant="secondary" onClick={close} autoFocus>
            {cancelLabel}
          </Button>
          <Button variant="primary" className={danger ? 'bg-red-700 hover:bg-red-800' : ''} disabled={busy} onClick={() => void confirm()}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children && <div className="mt-3 text-slate-700">{children}</div>}
      {failure && (
        <p className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800" role="alert">
          {failure}
        </p>
      )}
    </Dialog>
  );
}

import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Dialog } from '../../../src/islands/shared/Dialog.tsx';
import { MessagesProvider, useT } from '../../../src/islands/shared/i18n.tsx';

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title="A Premium feature"
        actions={
          <>
            <button type="button" onClick={() => setOpen(false)}>
              Close
            </button>
            <a href="/en/try-premium">Try Premium</a>
          </>
        }
      >
        <p>Ultra comes with Premium.</p>
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('opens as a modal named by its title, closes on Escape and gives focus back to its opener', () => {
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Open' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'A Premium feature' }) as HTMLDialogElement;
    expect(dialog.open).toBe(true);
    expect(screen.getByText('Ultra comes with Premium.')).toBeTruthy();
    // Escape fires `cancel` on a modal dialog.
    act(() => {
      dialog.dispatchEvent(new Event('cancel', { cancelable: true }));
    });
    expect(dialog.open).toBe(false);
    expect(screen.queryByText('Ultra comes with Premium.')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('keeps Tab inside the dialog', () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'A Premium feature' });
    const last = screen.getByRole('link', { name: 'Try Premium' });
    const first = screen.getByRole('button', { name: 'Close' });
    last.focus();
    fireEvent.keyDown(dialog, { key: 'Tab' });
    expect(document.activeElement).toBe(first);
    fireEvent.keyDown(dialog, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);
  });
});

describe('useT', () => {
  it('translates the island’s own messages and fills placeholders', () => {
    type M = { 'humanizer.words': string; 'humanizer.copy': string };
    function Words() {
      const t = useT<M>();
      return (
        <p>
          {t('humanizer.words', { count: 3, limit: 300 })} · {t('humanizer.copy')}
        </p>
      );
    }
    render(
      <MessagesProvider messages={{ 'humanizer.words': '{{count}} / {{limit}} mots', 'humanizer.copy': 'Copier' }}>
        <Words />
      </MessagesProvider>,
    );
    expect(screen.getByText('3 / 300 mots · Copier')).toBeTruthy();
  });
});

/** The line beside the run buttons: why a run cannot start (visible, announced), with "Unlock more words" when a plan would help. */
import type { RunError as Problem } from '../../../stores/tool-run.ts';
import { HistoryLink, RunContinues } from '../tool/RunBar.tsx';

/** The island's translator (typed by its own areas, which include the `tool.` keys used here). */
type T = (key: never, params?: Record<string, string | number>) => string;
type AnyT = (key: string, params?: Record<string, string | number>) => string;

/**
 * The humanizer's and detector's error line: the message, "Unlock more words" when a plan would help, the note that a
 * paid run goes on (polling failed) and the way back to the history for an unpaid order, as the other tools show them.
 */
export function RunError({ error, t: islandT, unlockHref, historyHref }: { error: Problem | undefined; t: T; unlockHref: string; historyHref: string }) {
  const t = islandT as AnyT;
  return (
    <>
      <p className="text-sm font-medium text-red-700" role="alert">
        {error?.message}
      </p>
      {error?.continues && <RunContinues t={t} historyHref={historyHref} />}
      {error?.unpaid && <HistoryLink t={t} historyHref={historyHref} />}
      {error?.unlock && (
        <a className="text-sm font-semibold text-brand-700 underline" href={unlockHref}>
          {t('humanizer.unlockLink')}
        </a>
      )}
    </>
  );
}

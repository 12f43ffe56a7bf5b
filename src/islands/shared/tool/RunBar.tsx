import { problemText, type Problem } from '../../../stores/tool-run.ts';
import { useFocusBack } from '../useFocusBack.ts';

type T = (key: string, params?: Record<string, string | number>) => string;

/**
 * The problem beside a tool's run button (spec §8): the message as an alert and, when the problem is about the
 * plan's words or beans, the "Unlock more words" link to the pricing page.
 */
export function ProblemLine({ problem, t, unlockHref, historyHref }: { problem: Problem | null; t: T; unlockHref: string; historyHref?: string }) {
  return (
    <>
      {problem && (
        <p className="text-sm text-red-700" role="alert" data-problem>
          {problemText(t, problem)}
        </p>
      )}
      {problem?.continues && historyHref && <RunContinues t={t} historyHref={historyHref} />}
      {problem?.unpaid && historyHref && <HistoryLink t={t} historyHref={historyHref} />}
      {problem?.unlock && (
        <a className="text-sm font-semibold text-brand-700 underline" href={unlockHref}>
          {t('humanizer.unlockLink')}
        </a>
      )}
    </>
  );
}

/** A paid run the page lost (polling failed) goes on: where its result will be (spec §8 closes the loader). */
export function RunContinues({ t, historyHref }: { t: T; historyHref: string }) {
  return (
    <p className="text-sm text-slate-700" data-run-continues>
      {t('tool.runContinues')}{' '}
      <a className="font-semibold text-brand-700 underline" href={historyHref}>
        {t('tool.openHistory')}
      </a>
    </p>
  );
}

/** The way back from an order with no result (never paid) to the history, where the person's runs are. */
export function HistoryLink({ t, historyHref }: { t: T; historyHref: string }) {
  return (
    <a className="text-sm font-semibold text-brand-700 underline" href={historyHref} data-history-link>
      {t('tool.openHistory')}
    </a>
  );
}

/**
 * The row under a paid tool: the price of the run (when the tool shows one: `price` undefined hides it, null leaves
 * it blank), the problem line, and the run button, disabled while `disabled`.
 */
export function RunBar(props: { t: T; price?: number | null; problem: Problem | null; unlockHref: string; historyHref?: string; label: string; disabled: boolean; onRun: () => void; className?: string }) {
  const { t, price } = props;
  const focusBack = useFocusBack<HTMLButtonElement>(props.disabled);
  return (
    <div className={`${props.className ? `${props.className} ` : ''}flex flex-wrap items-center justify-end gap-3`}>
      {price !== undefined && (
        <p className="text-sm text-slate-700" aria-live="polite" data-price>
          {price !== null ? t('humanizer.price', { count: price }) : ''}
        </p>
      )}
      <ProblemLine problem={props.problem} t={t} unlockHref={props.unlockHref} historyHref={props.historyHref} />
      <button
        type="button"
        className="rounded-lg bg-brand-600 px-6 py-2.5 font-semibold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-50"
        ref={focusBack.ref}
        disabled={props.disabled}
        onClick={() => {
          focusBack.pressed();
          props.onRun();
        }}
      >
        {props.label}
      </button>
    </div>
  );
}

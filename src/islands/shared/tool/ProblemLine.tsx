import { problemText, type Problem } from '../../../stores/tool-run.ts';

type T = (key: string, params?: Record<string, string | number>) => string;

/**
 * The problem beside a tool's run button (spec §8): the message as an alert and, when the problem is about the
 * plan's words or beans, the "Unlock more words" link to the pricing page.
 */
export function ProblemLine({ problem, t, unlockHref }: { problem: Problem | null; t: T; unlockHref: string }) {
  return (
    <>
      {problem && (
        <p className="text-sm text-red-700" role="alert" data-problem>
          {problemText(t, problem)}
        </p>
      )}
      {problem?.unlock && (
        <a className="text-sm font-semibold text-brand-700 underline" href={unlockHref}>
          {t('humanizer.unlockLink')}
        </a>
      )}
    </>
  );
}

/** The line beside the run buttons: why a run cannot start (visible, announced), with "Unlock more words" when a plan would help. */
import type { RunError as Problem } from '../../../stores/tool-run.ts';

export function RunError({ error, unlockLabel, unlockHref }: { error: Problem | undefined; unlockLabel: string; unlockHref: string }) {
  return (
    <>
      <p className="text-sm font-medium text-red-700" role="alert">
        {error?.message}
      </p>
      {error?.unlock && (
        <a className="text-sm font-semibold text-brand-700 underline" href={unlockHref}>
          {unlockLabel}
        </a>
      )}
    </>
  );
}

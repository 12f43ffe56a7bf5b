/**
 * The humanizer's result side (spec HUM-02, HUM-03): the read-only result
 * editor with its change marks, the legends, the pager across versions,
 * rating, copy, download and the link to the AI detector.
 */
import { EditorContent, useEditor } from '@tiptap/react';
import { useEffect } from 'react';
import { Rating } from '../../domain/humanizer.ts';
import type { HumanizerFlow, Version } from '../../stores/humanizer.ts';
import { buttonClass } from '../shared/Button.tsx';
import { resultExtensions } from '../shared/editor/extensions.ts';
import { RunOverlay } from '../shared/editor/RunOverlay.tsx';
import type { Translator } from '../shared/i18n.tsx';
import type { HumanizerMessages } from './HumanizerEditor.tsx';
import { ThumbIcon } from './ThumbIcon.tsx';

export interface ResultPanelProps {
  flow: HumanizerFlow;
  t: Translator<HumanizerMessages>;
  versions: Version[];
  current: number;
  running: boolean;
  detectorHref: string;
  embeddedDetector: boolean;
}

/** The line under a version that says who wrote it. */
const engineNote = { model: 'humanizer.engine.model', rules: 'humanizer.engine.rules', mixed: 'humanizer.engine.mixed' } as const;

export function ResultPanel({ flow, t, versions, current, running, detectorHref, embeddedDetector }: ResultPanelProps) {
  const version = versions[current];
  const hasResult = Boolean(version?.data);
  const editor = useEditor({
    extensions: resultExtensions,
    immediatelyRender: false,
    shouldRerenderOnTransaction: false,
    editable: false,
    editorProps: {
      attributes: { role: 'textbox', 'aria-readonly': 'true', 'aria-multiline': 'true', 'aria-labelledby': 'hm-target-label', tabindex: '0', dir: 'auto' },
    },
  });

  useEffect(() => {
    if (editor && version?.data) editor.commands.setContent(version.data as never, { emitUpdate: false });
  }, [editor, version]);

  return (
    <section className="relative flex flex-col rounded-2xl border border-slate-200 bg-white shadow-sm" aria-labelledby="hm-target-label">
      <header className="flex min-h-[3.25rem] flex-wrap items-center justify-between gap-2 border-b border-slate-100 px-4 py-2">
        <h2 id="hm-target-label" className="text-sm font-semibold text-slate-800">
          {t('humanizer.resultLabel')}
        </h2>
        <ul className="flex items-center gap-3 text-xs text-slate-600">
          <li className="flex items-center gap-1">
            <span aria-hidden="true" className="hm-added inline-block h-3 w-5 rounded-sm" />
            {t('humanizer.legendAdded')}
          </li>
          <li className="flex items-center gap-1">
            <span aria-hidden="true" className="hm-edited inline-block h-3 w-5 rounded-sm" />
            {t('humanizer.legendEdited')}
          </li>
        </ul>
      </header>
      <div className="tool-editor h-80 overflow-y-auto px-4 py-3 text-base leading-relaxed text-slate-900 focus-within:outline-3 focus-within:-outline-offset-3 focus-within:outline-brand-600" aria-live="polite" data-target>
        {/* The placeholder stays until a result exists. */}
        {!hasResult && <p className="text-slate-500">{t('humanizer.resultEmpty')}</p>}
        <div hidden={!hasResult}>{editor && <EditorContent editor={editor} />}</div>
      </div>
      {hasResult && version?.engine && (
        // Who wrote this version: the language model, or the rules alone (the light mode), or both (issue 27).
        <p className="border-t border-slate-100 px-4 py-1.5 text-xs text-slate-600" data-engine={version.engine}>
          {t(engineNote[version.engine])}
        </p>
      )}
      <footer className="flex min-h-[3.25rem] flex-wrap items-center justify-between gap-2 border-t border-slate-100 px-4 py-2">
        {versions.length > 0 && (
          <>
            <nav className="flex items-center gap-1" aria-label={t('humanizer.resultLabel')}>
              <button type="button" className={buttonClass.icon} aria-label={t('humanizer.prevVersion')} disabled={current <= 0 || running} onClick={() => void flow.goVersion(-1)}>
                <span aria-hidden="true" className="rtl:rotate-180">‹</span>
              </button>
              <span className="text-sm text-slate-700" aria-live="polite" data-version>
                {t('humanizer.version', { n: current + 1, total: versions.length })}
              </span>
              <button type="button" className={buttonClass.icon} aria-label={t('humanizer.nextVersion')} disabled={current >= versions.length - 1 || running} onClick={() => void flow.goVersion(1)}>
                <span aria-hidden="true" className="rtl:rotate-180">›</span>
              </button>
            </nav>
            <div className="flex flex-wrap items-center gap-1">
              {version?.orderNo && (
                <>
                  <button type="button" className={buttonClass.icon} aria-pressed={version.rating === Rating.UP} aria-label={t('humanizer.thumbsUp')} title={t('humanizer.thumbsUp')} onClick={() => flow.rate(Rating.UP)}>
                    <ThumbIcon up filled={version.rating === Rating.UP} />
                  </button>
                  <button type="button" className={buttonClass.icon} aria-pressed={version.rating === Rating.DOWN} aria-label={t('humanizer.thumbsDown')} title={t('humanizer.thumbsDown')} onClick={() => flow.rate(Rating.DOWN)}>
                    <ThumbIcon up={false} filled={version.rating === Rating.DOWN} />
                  </button>
                </>
              )}
              <button type="button" className={buttonClass.icon} onClick={() => void flow.copy()}>
                {t('humanizer.copy')}
              </button>
              {version?.orderNo && (
                <button type="button" className={buttonClass.icon} onClick={() => void flow.download()}>
                  {t('humanizer.download')}
                </button>
              )}
              <a
                className="rounded-lg px-2 py-1.5 text-sm font-semibold text-brand-700 hover:bg-slate-100"
                href={detectorHref}
                onClick={(event) => {
                  if (flow.checkWithDetector() && embeddedDetector) {
                    // The detector is below on this page: go there instead of leaving.
                    event.preventDefault();
                    document.getElementById('ai-detector')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
                  }
                }}
              >
                {t('humanizer.checkAi')}
              </a>
            </div>
          </>
        )}
      </footer>
      {running && <RunOverlay label={t('humanizer.loading')} />}
    </section>
  );
}

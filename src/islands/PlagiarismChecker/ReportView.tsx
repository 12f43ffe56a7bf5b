import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import { colourOfSource, displayPercent, minWordsRange, searchedLine, type CountedMatch, type PlagiarismReport, type TextRange } from '../../domain/plagiarism.ts';
import { $exclusions, $summary, downloadReportPdf, setExclusions, toggleSource } from '../../stores/plagiarism.ts';
import { showToast } from '../../stores/toast.ts';
import type { translator } from './messages.ts';

type T = ReturnType<typeof translator>;
const context = 160;

/** Text with some ranges marked in one source's colour. */
function Marked({ text, offset, ranges, source }: { text: string; offset: number; ranges: TextRange[]; source: number }) {
  const colour = colourOfSource(source);
  const parts: { text: string; marked: boolean }[] = [];
  let at = 0;
  for (const r of [...ranges].sort((a, b) => a.start - b.start)) {
    const start = Math.max(at, r.start - offset);
    const end = Math.min(text.length, r.end - offset);
    if (end <= start) continue;
    if (start > at) parts.push({ text: text.slice(at, start), marked: false });
    parts.push({ text: text.slice(start, end), marked: true });
    at = end;
  }
  if (at < text.length) parts.push({ text: text.slice(at), marked: false });
  return (
    <>
      {parts.map((p, i) =>
        p.marked ? (
          <mark key={i} data-source={source} style={{ backgroundColor: colour.tint, color: 'inherit', boxShadow: `inset 0 -2px 0 ${colour.ink}` }}>
            {p.text}
          </mark>
        ) : (
          <span key={i}>{p.text}</span>
        ),
      )}
    </>
  );
}

/** The checked text with every counted match in its source's colour. */
function FullText({ report, matches }: { report: PlagiarismReport; matches: CountedMatch[] }) {
  const marks = matches.flatMap((m) => m.ranges.map((r) => ({ ...r, source: m.source }))).sort((a, b) => a.start - b.start);
  const parts: { text: string; source: number | null }[] = [];
  let at = 0;
  for (const mark of marks) {
    if (mark.end <= at) continue;
    const start = Math.max(at, mark.start);
    if (start > at) parts.push({ text: report.text.slice(at, start), source: null });
    parts.push({ text: report.text.slice(start, mark.end), source: mark.source });
    at = mark.end;
  }
  if (at < report.text.length) parts.push({ text: report.text.slice(at), source: null });
  return (
    <div className="whitespace-pre-wrap text-base leading-relaxed text-slate-900" data-full-text>
      {parts.map((p, i) =>
        p.source === null ? (
          <span key={i}>{p.text}</span>
        ) : (
          <mark key={i} data-source={p.source} style={{ backgroundColor: colourOfSource(p.source).tint, color: 'inherit', boxShadow: `inset 0 -2px 0 ${colourOfSource(p.source).ink}` }}>
            {p.text}
          </mark>
        ),
      )}
    </div>
  );
}

function sourceTitle(t: T, report: PlagiarismReport, index: number): string {
  const s = report.sources[index]!;
  if (s.kind === 'submission') return t('plagiarism.submissionSource', { date: s.addedAt.slice(0, 10) });
  return s.title || s.url || t('plagiarism.sourceNumber', { n: index + 1 });
}

/** One passage beside its source. */
function Passage({ t, report, match }: { t: T; report: PlagiarismReport; match: CountedMatch }) {
  const colour = colourOfSource(match.source);
  const from = Math.max(0, match.start - context);
  const to = Math.min(report.text.length, match.end + context);
  return (
    <li className="rounded-xl border bg-white p-4 shadow-sm" style={{ borderColor: colour.ink }} data-passage data-source={match.source}>
      <p className="text-sm font-semibold" style={{ color: colour.ink }}>
        [{match.source + 1}] {sourceTitle(t, report, match.source)} · {t(match.label === 'identical' ? 'plagiarism.labelIdentical' : 'plagiarism.labelMinorChanges')} ·{' '}
        {t('plagiarism.passageWords', { count: match.countedWords })}
      </p>
      <div className="mt-3 grid gap-3 md:grid-cols-2">
        <figure className="rounded-lg bg-slate-50 p-3">
          <figcaption className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{t('plagiarism.yourText')}</figcaption>
          <p className="mt-1 text-sm leading-relaxed whitespace-pre-wrap text-slate-900" data-side="text">
            {from > 0 && '… '}
            <Marked text={report.text.slice(from, to)} offset={from} ranges={match.ranges} source={match.source} />
            {to < report.text.length && ' …'}
          </p>
        </figure>
        <figure className="rounded-lg bg-slate-50 p-3">
          <figcaption className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{t('plagiarism.sourceText')}</figcaption>
          {match.excerpt ? (
            <p className="mt-1 text-sm leading-relaxed whitespace-pre-wrap text-slate-900" data-side="source">
              {match.excerpt.offset > 0 && '… '}
              <Marked text={match.excerpt.text} offset={match.excerpt.offset} ranges={[{ start: match.sourceStart, end: match.sourceEnd }]} source={match.source} />
              {' …'}
            </p>
          ) : (
            <p className="mt-1 text-sm text-slate-600 italic" data-side="source">{t('plagiarism.privateSource')}</p>
          )}
        </figure>
      </div>
    </li>
  );
}

/** The similarity report: the figure, the filters, the sources with their shares and every passage beside its source. */
export function ReportView({ t, report }: { t: T; report: PlagiarismReport }) {
  const summary = useStore($summary);
  const exclusions = useStore($exclusions);
  const [downloading, setDownloading] = useState(false);
  const id = useId();
  if (!summary) return null;
  const coverage = report.coverage.web
    ? t('plagiarism.coverageWeb', { count: report.coverage.documents })
    : t('plagiarism.coverage', { count: report.coverage.documents });

  async function download() {
    setDownloading(true);
    try {
      await downloadReportPdf();
    } catch (error) {
      console.error('pdf download failed', error);
      showToast(t('plagiarism.downloadFailed'), 'error');
    } finally {
      setDownloading(false);
    }
  }

  return (
    <section className="mt-8 space-y-6" aria-labelledby={`${id}-title`} data-report>
      <div className="flex flex-wrap items-start justify-between gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
        <div>
          <h2 id={`${id}-title`} className="text-lg font-bold text-slate-900">
            {t('plagiarism.reportTitle')}
          </h2>
          <p className="mt-2 text-5xl font-extrabold text-slate-900" data-percent>
            {displayPercent(summary.percent)}
          </p>
          <p className="text-sm text-slate-700">{t('plagiarism.percentLabel')}</p>
          <p className="mt-2 text-sm text-slate-600" data-coverage>
            {coverage}
          </p>
          {report.coverage.searched && report.coverage.searched.length > 0 && (
            <div className="mt-2 text-sm text-slate-600" data-searched>
              <h3 className="font-semibold text-slate-700">{t('plagiarism.searchedTitle')}</h3>
              <ul className="mt-1 space-y-0.5">
                {report.coverage.searched.map((s) => {
                  const line = searchedLine(s, 'plagiarism.');
                  return (
                    <li key={s.provider} data-provider={s.provider} className={s.failed > 0 ? 'text-amber-800' : undefined}>
                      {t(line.key, line.params)}
                    </li>
                  );
                })}
              </ul>
            </div>
          )}
        </div>
        <button
          type="button"
          onClick={() => void download()}
          disabled={downloading}
          className="rounded-lg border border-brand-600 px-4 py-2 font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-50"
        >
          {t('plagiarism.downloadPdf')}
        </button>
      </div>

      <fieldset className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
        <legend className="px-1 text-sm font-semibold text-slate-800">{t('plagiarism.filters')}</legend>
        <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" className="h-4 w-4" checked={exclusions.quotes} onChange={(e) => setExclusions({ quotes: e.target.checked })} />
            {t('plagiarism.excludeQuotes')}
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" className="h-4 w-4" checked={exclusions.bibliography} onChange={(e) => setExclusions({ bibliography: e.target.checked })} />
            {t('plagiarism.excludeBibliography')}
          </label>
          <label className="flex items-center gap-2 text-sm">
            {t('plagiarism.excludeSmall')}
            <input
              type="number"
              min={minWordsRange.min}
              max={minWordsRange.max}
              className="w-20 rounded border border-slate-300 px-2 py-1"
              value={exclusions.minWords}
              onChange={(e) => {
                const n = Math.round(Number(e.target.value));
                if (Number.isFinite(n)) setExclusions({ minWords: Math.min(minWordsRange.max, Math.max(minWordsRange.min, n)) });
              }}
            />
            {t('plagiarism.words')}
          </label>
        </div>
      </fieldset>

      <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
        <h3 className="text-base font-bold text-slate-900">{t('plagiarism.sources')}</h3>
        {report.sources.length === 0 ? (
          <p className="mt-2 text-sm text-slate-700" data-no-match>
            {t('plagiarism.noMatch')}
          </p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-100" data-sources>
            {report.sources.map((s, index) => {
              const share = summary.sources.find((x) => x.source === index);
              const excluded = exclusions.sources.includes(index);
              const colour = colourOfSource(index);
              return (
                <li key={index} className="flex flex-wrap items-center justify-between gap-3 py-2" data-source-row={index}>
                  <div className="flex min-w-0 items-center gap-3">
                    <span className="inline-flex h-7 min-w-7 items-center justify-center rounded-full px-2 text-sm font-bold text-white" style={{ backgroundColor: colour.ink }} aria-hidden="true">
                      {index + 1}
                    </span>
                    <div className="min-w-0">
                      <p className="truncate font-medium text-slate-900">
                        {s.url ? (
                          <a className="underline" href={s.url} rel="noopener noreferrer nofollow" target="_blank">
                            {sourceTitle(t, report, index)}
                          </a>
                        ) : (
                          sourceTitle(t, report, index)
                        )}
                      </p>
                      <p className="text-xs text-slate-600">{t(s.kind === 'submission' ? 'plagiarism.kindSubmission' : 'plagiarism.kindLibrary')}</p>
                    </div>
                  </div>
                  <div className="flex items-center gap-4">
                    <span className="text-lg font-bold" style={{ color: colour.ink }} data-share>
                      {excluded ? '–' : displayPercent(share?.percent ?? 0)}
                    </span>
                    <label className="flex items-center gap-2 text-sm text-slate-700">
                      <input type="checkbox" className="h-4 w-4" checked={excluded} onChange={() => toggleSource(index)} />
                      {t('plagiarism.excludeSource')}
                      <span className="sr-only"> {sourceTitle(t, report, index)}</span>
                    </label>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </div>

      {summary.matches.length > 0 && (
        <div>
          <h3 className="text-base font-bold text-slate-900">{t('plagiarism.passages')}</h3>
          <ul className="mt-3 space-y-4">
            {summary.matches.map((m) => (
              <Passage key={m.index} t={t} report={report} match={m} />
            ))}
          </ul>
        </div>
      )}

      <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
        <h3 className="text-base font-bold text-slate-900">{t('plagiarism.fullText')}</h3>
        <div className="mt-3">
          <FullText report={report} matches={summary.matches} />
        </div>
      </div>
      <p className="text-xs text-slate-600">{t('plagiarism.honesty')}</p>
    </section>
  );
}

/**
 * The AI writer (spec §2 AIWriter, §3 order type 11): topic, essay type, length,
 * optional outline and sources; the paid run; the draft (LLM backend) or an
 * honest outline with the user's sources mapped to the claims and a note that
 * no language model is configured. A React island hydrated when the browser is
 * idle; its state and actions live in src/stores/writer.ts.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId } from 'react';
import { type MessageParams } from '../../i18n/interpolate.ts';
import { translator } from '../shared/i18n.tsx';
import { essayTypes, writerLength, type WriterCitationNote, type WriterPlan } from '../../domain/writer.ts';
import { $writer, $writerLlm, $writerPrice, loadBackend, openWriting, patchWriter, startWriting } from '../../stores/writer.ts';
import { copyText, openFromQuery, orSignup } from '../shared/tool/actions.ts';
import { RunBar } from '../shared/tool/RunBar.tsx';
import { useHydrated } from '../shared/useHydrated.ts';

export interface AIWriterProps {
  messages: Readonly<Record<string, string>>;
  pricingPath: string;
  /** The history page, where a paid run the page lost will show its result. */
  historyPath?: string;
}

const field = 'rounded-lg border border-slate-300 px-3 py-2 text-base focus:border-brand-600 focus:outline-2 focus:outline-brand-600';
const action =
  'inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600';

type T = (key: string, params?: MessageParams) => string;

/** The outline as plain text in the reader's language (for the clipboard). */
function outlineText(t: T, plan: WriterPlan): string {
  const lines = [plan.topic, ''];
  for (const s of plan.sections) {
    lines.push(t(`writer.role.${s.role}`, { index: s.index ?? '' }) + (s.point ? `: ${s.point}` : ''));
    lines.push(t(`writer.guide.${s.role}`));
    for (const i of s.sources) lines.push(`[${i + 1}] ${plan.sources[i]}`);
    lines.push('');
  }
  return lines.join('\n').trim();
}

function Outline({ t, plan }: { t: T; plan: WriterPlan }) {
  return (
    <ol className="space-y-3" data-outline>
      {plan.sections.map((s, i) => (
        <li key={i} className="rounded-xl border border-slate-200 p-3" data-role={s.role}>
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h3 className="font-semibold text-slate-900">{t(`writer.role.${s.role}`, { index: s.index ?? '' })}</h3>
            <span className="text-xs text-slate-600">{t('writer.words', { count: s.words })}</span>
          </div>
          {s.point && (
            <p className="mt-1 font-medium text-slate-800" dir="auto">
              {s.point}
            </p>
          )}
          <p className="mt-1 text-sm text-slate-700">{t(`writer.guide.${s.role}`)}</p>
          {s.role === 'claim' && (
            <div className="mt-2 text-sm">
              <span className="font-semibold text-slate-800">{t('writer.evidence')}</span>
              {s.sources.length > 0 ? (
                <ul className="mt-1 list-none space-y-1" data-evidence>
                  {s.sources.map((n) => (
                    <li key={n} dir="auto">
                      [{n + 1}] {plan.sources[n]}
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="mt-1 text-slate-600">{t('writer.noEvidence')}</p>
              )}
            </div>
          )}
        </li>
      ))}
    </ol>
  );
}

/**
 * A paragraph of the draft with the citations the reference checker kept but marked (a source not found, retracted
 * or with other details; a narrative citation that matches no source) highlighted.
 */
function Marked({ text, notes, t }: { text: string; notes: readonly WriterCitationNote[]; t: T }) {
  const kept = notes.filter((n) => !n.removed);
  if (kept.length === 0) return <>{text}</>;
  const sources = new Set(kept.flatMap((n) => (n.source !== null && n.reason.startsWith('source') ? [n.source] : [])));
  const phrases = kept.filter((n) => !n.reason.startsWith('source')).map((n) => n.cite);
  const escape = (x: string) => x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(`(\\[\\d+(?:\\s*[,–-]\\s*\\d+)*\\]${phrases.map((p) => `|${escape(p)}`).join('')})`, 'g');
  return (
    <>
      {text.split(pattern).map((part, i) => {
        if (i % 2 === 0) return part;
        const numbers = part.startsWith('[') ? (part.match(/\d+/g) ?? []).map(Number) : [];
        const flagged = part.startsWith('[') ? numbers.some((n) => sources.has(n)) : true;
        if (!flagged) return part;
        const note = kept.find((n) => (part.startsWith('[') ? n.source !== null && numbers.includes(n.source) : n.cite === part))!;
        return (
          <mark key={i} className="rounded bg-amber-100 px-0.5 text-amber-950" title={t(`writer.citation.${note.reason}`, { cite: note.cite, source: note.source ?? '' })} data-flagged-citation>
            {part}
          </mark>
        );
      })}
    </>
  );
}

/** What the reference checker did to the draft's citations, one line each. */
function CitationNotes({ notes, t }: { notes: readonly WriterCitationNote[]; t: T }) {
  if (notes.length === 0) return null;
  return (
    <div className="mt-4 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950" role="note" data-citation-notes>
      <p className="font-semibold">{t('writer.citationNotesTitle')}</p>
      <ul className="mt-1 list-disc space-y-1 ps-5">
        {notes.map((n, i) => (
          <li key={i} data-reason={n.reason} data-removed={n.removed ? '' : undefined}>
            {t(`writer.citation.${n.reason}`, { cite: n.cite, source: n.source ?? '' })} {t(n.removed ? 'writer.citation.removed' : 'writer.citation.marked')}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function AIWriter({ messages, pricingPath, historyPath }: AIWriterProps) {
  const t: T = translator(messages);
  const state = useStore($writer);
  const llm = useStore($writerLlm);
  const price = useStore($writerPrice);
  const hydrated = useHydrated();
  const id = useId();
  const busy = state.phase === 'writing';
  const plan = state.phase === 'done' ? state.result?.data : null;
  const partial = busy && state.partial && state.partial.draft.length > 0 ? state.partial : null;

  useEffect(() => {
    void loadBackend();
    openFromQuery(openWriting);
  }, []);

  const run = () => orSignup(startWriting());
  const copy = (text: string) => copyText(t, text, 'writer.copied');

  return (
    <div data-ai-writer data-phase={state.phase} data-hydrated={hydrated ? '' : undefined}>
      <div className="grid gap-4 lg:grid-cols-2">
        <section className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
          <label className="flex flex-col gap-1 text-sm font-semibold text-slate-800">
            {t('writer.topicLabel')}
            <textarea dir="auto" rows={2} className={field} value={state.topic} readOnly={busy} onChange={(e) => patchWriter({ topic: e.target.value })} />
          </label>
          <div className="flex flex-wrap gap-3">
            <label className="flex flex-col gap-1 text-sm font-semibold text-slate-800">
              {t('writer.typeLabel')}
              <select className={field} value={state.essayType} disabled={busy} onChange={(e) => patchWriter({ essayType: e.target.value as (typeof essayTypes)[number] })}>
                {essayTypes.map((type) => (
                  <option key={type} value={type}>
                    {t(`writer.type.${type}`)}
                  </option>
                ))}
              </select>
            </label>
            <label className="flex flex-col gap-1 text-sm font-semibold text-slate-800">
              {t('writer.lengthLabel')}
              <input
                type="number"
                className={`${field} w-32`}
                min={writerLength.min}
                max={writerLength.max}
                step={50}
                value={state.length}
                disabled={busy}
                onChange={(e) => patchWriter({ length: Number(e.target.value) })}
              />
            </label>
          </div>
          <div className="flex flex-col gap-1 text-sm">
            <label htmlFor={`${id}-outline-field`} className="font-semibold text-slate-800">
              {t('writer.outlineLabel')}
            </label>
            <textarea
              id={`${id}-outline-field`}
              dir="auto"
              rows={4}
              className={field}
              value={state.outlineInput}
              readOnly={busy}
              aria-describedby={`${id}-outline`}
              onChange={(e) => patchWriter({ outlineInput: e.target.value })}
            />
            <span id={`${id}-outline`} className="text-xs text-slate-600">
              {t('writer.outlineHint')}
            </span>
          </div>
          <div className="flex flex-col gap-1 text-sm">
            <label htmlFor={`${id}-sources-field`} className="font-semibold text-slate-800">
              {t('writer.sourcesLabel')}
            </label>
            <textarea
              id={`${id}-sources-field`}
              dir="auto"
              rows={4}
              className={field}
              value={state.sourcesInput}
              readOnly={busy}
              aria-describedby={`${id}-sources`}
              onChange={(e) => patchWriter({ sourcesInput: e.target.value })}
            />
            <span id={`${id}-sources`} className="text-xs text-slate-600">
              {t('writer.sourcesHint')}
            </span>
          </div>
          {llm === false && (
            <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-950" data-no-llm>
              {t('writer.noLlm')}
            </p>
          )}
          <RunBar
            t={t}
            // Without a model the outline is free (the notice above says so): no price to show.
            price={llm === false ? undefined : state.topic.trim() ? price : null}
            problem={state.problem}
            unlockHref={pricingPath}
            historyHref={historyPath}
            label={t(llm === false ? 'writer.writeOutline' : 'writer.write')} disabled={busy || state.topic.trim() === ''} onRun={() => void run()} />
        </section>

        <section className="relative min-h-[20rem] rounded-2xl border border-slate-200 bg-white p-4 shadow-sm" aria-labelledby={`${id}-result`} data-result>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id={`${id}-result`} className="text-base font-semibold text-slate-900">
              {plan?.draft || partial ? t('writer.draftTitle') : t('writer.outlineTitle')}
            </h2>
            {plan && (
              <button type="button" className={action} onClick={() => void copy(plan.draft ? plan.draft.join('\n\n') : outlineText(t, plan))}>
                {t('writer.copy')}
              </button>
            )}
          </div>
          {plan ? (
            <div className="mt-3">
              {plan.note && (
                <p className="mb-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-950" role="note" data-note={plan.note}>
                  {t(`writer.${plan.note}`)}
                </p>
              )}
              {plan.draft ? (
                <>
                  <div dir="auto" className="space-y-3 text-base leading-relaxed text-slate-900" data-draft>
                    {plan.draft.map((p, i) => (
                      <p key={i}>
                        <Marked text={p} notes={plan.citationNotes ?? []} t={t} />
                      </p>
                    ))}
                  </div>
                  <CitationNotes notes={plan.citationNotes ?? []} t={t} />
                </>
              ) : (
                <Outline t={t} plan={plan} />
              )}
            </div>
          ) : partial ? (
            <div className="mt-3">
              <p className="mb-3 text-sm text-slate-700" role="status">
                {t('writer.streaming')}
              </p>
              <div dir="auto" className="space-y-3 text-base leading-relaxed text-slate-900" data-draft data-streaming aria-busy="true">
                {partial.draft.map((p, i) => (
                  <p key={i}>
                    <Marked text={p} notes={partial.citationNotes} t={t} />
                  </p>
                ))}
              </div>
              <CitationNotes notes={partial.citationNotes} t={t} />
            </div>
          ) : (
            <p className="mt-3 text-slate-500">{t('writer.resultEmpty')}</p>
          )}
          {busy && !partial && (
            <div className="absolute inset-0 flex items-center justify-center rounded-2xl bg-white/90" role="status">
              <p className="font-medium text-slate-800">{t('writer.writing')}</p>
            </div>
          )}
        </section>
      </div>
    </div>
  );
}

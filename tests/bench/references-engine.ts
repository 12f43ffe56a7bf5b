/**
 * Figures of the reference checker's engine (docs/decisions/0019): parser field F1 per label on the held-out split of
 * anystyle-core (never trained or tuned on), per style on the same references rendered in six styles, the product's
 * normalised fields (authors, year, title, container, volume, issue, pages, DOI, URL, ISBN), and fabricated-entry
 * detection on altered and invented cases against a local server speaking Crossref's and OpenAlex's JSON.
 * Prints Markdown; never fails on time. Skips with a message when ../shared/datasets is absent.
 * Standalone: ./node_modules/.bin/node tests/bench/references-engine.ts
 */
import { readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sequenceFeatures } from '../../server/engines/references/features.ts';
import { fieldsFromSpans, type ReferenceFields, type Spans } from '../../server/engines/references/fields.ts';
import { checkReferences, parseReference, type Lookup } from '../../server/engines/references/index.ts';
import { judge, recordFromCrossref } from '../../server/engines/references/match.ts';
import { labelReference, loadParser, MODEL_PATH } from '../../server/engines/references/parse.ts';
import { tokenize } from '../../server/engines/references/tokens.ts';
import { datasetAvailable, loadDataset, tokensWithLabels, type LabelledReference } from '../../server/engines/references/train/dataset.ts';
import { f1, FieldScores, precision, recall, type Score } from '../../server/engines/references/train/metrics.ts';
import { synthesize, synthStyles } from '../../server/engines/references/train/synth.ts';
import { evaluate } from '../../server/engines/references/train/train.ts';
import { startFakeBibliographic, type CatalogWork } from '../support/fake-bibliographic.ts';
import { normalizeField as norm, scoreOwnReferences } from '../support/references-own.ts';

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
type ProductField = 'authors' | 'year' | 'title' | 'container' | 'volume' | 'issue' | 'pages' | 'doi' | 'url' | 'isbn';
const productFields: ProductField[] = ['authors', 'year', 'title', 'container', 'volume', 'issue', 'pages', 'doi', 'url', 'isbn'];

function valueOf(f: ReferenceFields, field: ProductField): string {
  if (field === 'authors') return f.authors.map((a) => norm(a.family)).join('|');
  if (field === 'year') return f.year ? String(f.year) : '';
  return norm(f[field] as string | null);
}

function spansOf(text: string, labels: string[]): Spans {
  const tokens = tokenize(text);
  const spans: Spans = new Map();
  let start = 0;
  for (let i = 1; i <= tokens.length; i++) {
    if (i === tokens.length || labels[i] !== labels[start]) {
      spans.set(labels[start]!, [...(spans.get(labels[start]!) ?? []), text.slice(tokens[start]!.start, tokens[i - 1]!.end)]);
      start = i;
    }
  }
  return spans;
}

/** Product-field scores: the gold labels' fields against the parser's, after the same normalisation. */
function productScores(items: { text: string; labels: string[] }[]): Map<ProductField, Score> {
  const scores = new Map<ProductField, Score>(productFields.map((f) => [f, { tp: 0, fp: 0, fn: 0 }]));
  for (const item of items) {
    const gold = fieldsFromSpans(spansOf(item.text, item.labels), item.text);
    const guess = fieldsFromSpans(labelReference(item.text).spans, item.text);
    for (const field of productFields) {
      const g = valueOf(gold, field);
      const p = valueOf(guess, field);
      const s = scores.get(field)!;
      if (g && p === g) s.tp++;
      else {
        if (p) s.fp++;
        if (g) s.fn++;
      }
    }
  }
  return scores;
}

function productTable(scores: ReadonlyMap<string, Score>): string[] {
  const total = { tp: 0, fp: 0, fn: 0 };
  const lines = ['| field | gold | P | R | F1 |', '|---|---:|---:|---:|---:|'];
  for (const [field, s] of scores) {
    total.tp += s.tp;
    total.fp += s.fp;
    total.fn += s.fn;
    if (s.tp + s.fn === 0) continue;
    lines.push(`| ${field} | ${s.tp + s.fn} | ${pct(precision(s))} | ${pct(recall(s))} | ${pct(f1(s))} |`);
  }
  lines.push(`| **overall** | ${total.tp + total.fn} | ${pct(precision(total))} | ${pct(recall(total))} | **${pct(f1(total))}** |`);
  return lines;
}

/** A work of the fake catalogue from a held-out reference's gold fields. */
function workOf(ref: LabelledReference, i: number): { work: CatalogWork; fields: ReferenceFields; text: string } | undefined {
  const t = tokensWithLabels(ref);
  const fields = fieldsFromSpans(spansOf(t.text, t.labels), t.text);
  if (!fields.title || fields.title.split(' ').length < 3 || !fields.year || fields.authors.length === 0) return undefined;
  return {
    fields,
    text: ref.text,
    work: {
      doi: (fields.doi ?? `10.55555/bench.${i}`).toLowerCase(),
      title: fields.title,
      authors: fields.authors.map((a) => ({ family: a.family, given: a.given })),
      year: fields.year,
      container: fields.container ?? '',
      volume: fields.volume ?? undefined,
      issue: fields.issue ?? undefined,
      pages: fields.pages ?? undefined,
    },
  };
}

/** Entry text in APA from fields (the altered and invented cases are written the way students write them); a group author has no initials. */
const apa = (f: { authors: { family: string; given: string }[]; year: number; title: string; container: string; volume?: string; pages?: string }) =>
  `${f.authors.map((a) => (a.given ? `${a.family}, ${a.given.split(/\s+/).map((g) => `${g[0]}.`).join(' ')}` : a.family)).join(', ')} (${f.year}). ${f.title}. ${f.container || 'Journal of Studies'}${f.volume ? `, ${f.volume}` : ''}${f.pages ? `, ${f.pages}` : ''}.`;

async function fabricationFigures(data: LabelledReference[]): Promise<string[]> {
  const held = data.filter((r) => r.split === 'test');
  const items = held.map(workOf).filter((x): x is NonNullable<typeof x> => Boolean(x));
  const fake = await startFakeBibliographic(0, items.map((x) => x.work));
  const lookupFor = (crossref: string): Lookup => async (fields) => {
    const q = [fields.title, fields.authors[0]?.family, fields.year].filter(Boolean).join(' ');
    const res = await fetch(`${crossref}/works?query.bibliographic=${encodeURIComponent(q)}&rows=5`);
    const body = (await res.json()) as { message: { items: Record<string, unknown>[] } };
    return { candidates: body.message.items.map(recordFromCrossref) };
  };
  const lookup = lookupFor(fake.crossrefBaseUrl);
  const verdictOf = async (text: string) => (await checkReferences(text, { lookup, currentYear: 2026 })).entries[0]?.verdict ?? 'none';
  const tally = new Map<string, Map<string, number>>();
  const add = (kind: string, verdict: string) => {
    const row = tally.get(kind) ?? new Map<string, number>();
    row.set(verdict, (row.get(verdict) ?? 0) + 1);
    tally.set(kind, row);
  };
  try {
    let k = 0;
    for (const { work, text } of items) {
      k++;
      add('real (as written in the data set)', await verdictOf(text));
      add('real (rewritten in APA)', await verdictOf(apa(work)));
      add('altered year (±3–7)', await verdictOf(apa({ ...work, year: work.year + (k % 2 ? 3 : -7) })));
      if (work.volume && /^\d+$/.test(work.volume)) add('altered volume', await verdictOf(apa({ ...work, volume: String(Number(work.volume) + 11) })));
      if (work.pages && /^\d+/.test(work.pages)) add('altered pages', await verdictOf(apa({ ...work, pages: `${Number(work.pages.match(/^\d+/)![0]) + 200}-${Number(work.pages.match(/^\d+/)![0]) + 215}` })));
      add('altered first author', await verdictOf(apa({ ...work, authors: [{ family: 'Okonkwo', given: 'Adaeze' }, ...work.authors.slice(1)] })));
      // Invented: a plausible title made of another work's words in a new order, invented authors.
      const other = items[(k * 7) % items.length]!.work.title.split(' ');
      const invented = [...other.slice(Math.floor(other.length / 2)), 'and', ...work.title.split(' ').slice(0, 3), 'in', 'undergraduate', 'cohorts'].join(' ');
      add('invented', await verdictOf(apa({ authors: [{ family: 'Marlowe', given: 'Tess' }, { family: 'Quint', given: 'Avery' }], year: 2021, title: invented, container: 'Journal of Cognitive Horizons', volume: '14', pages: '101-119' })));
    }
  } finally {
    await fake.close();
  }
  const verdicts = ['verified', 'conflict', 'notFound', 'retracted', 'unchecked'];
  const lines = [`Fabricated-entry detection (${items.length} held-out references as the catalogue, local Crossref-format server):`, '', `| case | n | ${verdicts.join(' | ')} | flagged (not verified) |`, `|---|---:|${verdicts.map(() => '---:').join('|')}|---:|`];
  for (const [kind, row] of tally) {
    const n = [...row.values()].reduce((a, b) => a + b, 0);
    lines.push(`| ${kind} | ${n} | ${verdicts.map((v) => pct((row.get(v) ?? 0) / n)).join(' | ')} | ${pct(1 - (row.get('verified') ?? 0) / n)} |`);
  }
  return lines;
}

/**
 * How long a 200-entry check holds the event loop (other requests and runs of the process wait that long): the
 * longest gap between ticks of a 1 ms timer while the check runs, offline and with an instant lookup.
 */
async function eventLoopFigures(texts: string[]): Promise<string[]> {
  const list = texts.slice(0, 200).join('\n\n');
  const longestPause = async (run: () => Promise<unknown>) => {
    let last = performance.now();
    let longest = 0;
    const timer = setInterval(() => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
    }, 1);
    await new Promise((resolve) => setTimeout(resolve, 5));
    last = performance.now();
    await run();
    clearInterval(timer);
    return longest;
  };
  const lookup: Lookup = async () => ({ candidates: [] });
  const whole = await longestPause(async () => checkReferences(list, { lookup }));
  const t0 = performance.now();
  await checkReferences(list, { lookup });
  const total = performance.now() - t0;
  return [`A 200-entry check with lookups: ${total.toFixed(0)} ms in all; the event loop's longest pause meanwhile ${whole.toFixed(0)} ms when it runs in the event loop's thread (the server parses in its compute thread: npm run bench:hardening).`, ''];
}

export async function referencesEngineFigures(): Promise<string[]> {
  if (!datasetAvailable()) return ['reference engine figures skipped: ../shared/datasets/references is absent'];
  const data = loadDataset();
  const out: string[] = [];
  const started = performance.now();
  loadParser();
  const loadMs = performance.now() - started;
  out.push(`Model ${MODEL_PATH.split('/').pop()}: ${(statSync(MODEL_PATH).size / 1024 / 1024).toFixed(2)} MB, load ${loadMs.toFixed(0)} ms.`, '');
  const model = JSON.parse(readFileSync(MODEL_PATH, 'utf8'));
  out.push('Field F1, strict spans (label and exact token span), per anystyle label:', '', '```', ...evaluate(model, data), '```', '');

  const held = data.filter((r) => r.split === 'test').map((r) => tokensWithLabels(r));
  out.push(`Product fields on the held-out anystyle references (${held.length}), values normalised as the checker uses them:`, '', ...productTable(productScores(held)), '');

  const own = scoreOwnReferences(parseReference);
  out.push(`Our own labelled references (${own.count}, tests/fixtures/references-own: six styles, seven kinds of work, never trained on), field F1 after normalisation:`, '', ...productTable(own.fields), '');
  out.push(`Per style: ${[...own.styles].map(([style, sc]) => `${style} ${pct(f1(sc))}`).join(' · ')}`, '');

  const rendered = synthesize(data, 4242, 1, ['test']);
  out.push('Per style (held-out references rendered in each style): strict-span F1 over all labels · product-field F1:', '', '| style | n | span F1 | field F1 |', '|---|---:|---:|---:|');
  const byStyle = new Map<string, FieldScores>();
  for (const style of synthStyles) {
    const items = rendered.filter((r) => r.style === style);
    const spans = new FieldScores();
    const decoder = loadParser();
    for (const r of items) spans.add(r.labels, decoder.decode(sequenceFeatures(tokenize(r.text))).map((i) => decoder.labels[i]!));
    byStyle.set(style, spans);
    const fields = productScores(items);
    const total = [...fields.values()].reduce((a, s) => ({ tp: a.tp + s.tp, fp: a.fp + s.fp, fn: a.fn + s.fn }), { tp: 0, fp: 0, fn: 0 });
    out.push(`| ${style} | ${items.length} | ${pct(f1(spans.overall()))} | ${pct(f1(total))} |`);
  }
  out.push('');
  // Per style and label: which field a style's punctuation makes hard (– where the style's renders have no such field).
  const styleLabels = ['author', 'date', 'title', 'journal', 'container-title', 'volume', 'pages', 'publisher', 'location', 'editor'];
  out.push('Strict-span F1 per style and label (same renders):', '', `| style | ${styleLabels.join(' | ')} |`, `|---|${styleLabels.map(() => '---:').join('|')}|`);
  for (const [style, spans] of byStyle) {
    const cell = (label: string) => {
      const s = spans.fields.get(label);
      return s && s.tp + s.fn > 0 ? pct(f1(s)) : '–';
    };
    out.push(`| ${style} | ${styleLabels.map(cell).join(' | ')} |`);
  }
  out.push('');

  const texts = data.map((r) => r.text);
  const t0 = performance.now();
  for (const t of texts) labelReference(t);
  const seconds = (performance.now() - t0) / 1000;
  out.push(`Parsing speed: ${Math.round(texts.length / seconds)} references/s (${texts.length} references in ${seconds.toFixed(2)} s).`, '');
  out.push(...(await eventLoopFigures(texts)));
  out.push(...(await fabricationFigures(data)));
  return out;
}

// Standalone run.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const line of await referencesEngineFigures()) console.log(line);
}

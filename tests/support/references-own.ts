/**
 * Our own labelled references (tests/fixtures/references-own/<style>.json): 132 entries written for this check in the
 * six named styles — articles, books, chapters, web pages, reports, theses and conference papers, with the fields a
 * careful reader extracts. Never used in training or to choose the parser's settings: they stand for the "other
 * labelled references" the product is judged on. Scored as the checker uses the fields.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ReferenceFields } from '../../server/engines/references/fields.ts';
import type { Score } from '../../server/engines/references/train/metrics.ts';

export interface OwnReference {
  style: string;
  kind: string;
  text: string;
  fields: Partial<Record<OwnField, string | number | string[]>>;
}

export const ownFields = ['authors', 'editors', 'year', 'title', 'container', 'volume', 'issue', 'pages', 'doi', 'url', 'publisher'] as const;
export type OwnField = (typeof ownFields)[number];

const dir = fileURLToPath(new URL('../fixtures/references-own/', import.meta.url));

export function loadOwnReferences(): OwnReference[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .flatMap((f) => JSON.parse(readFileSync(`${dir}${f}`, 'utf8')) as OwnReference[]);
}

/** Case, accents, dashes and punctuation aside: the comparison a reader makes (the bench's too). */
export const normalizeField = (s: unknown) =>
  String(s ?? '')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
const valueOf = (v: unknown) => (Array.isArray(v) ? v.map(normalizeField).join('|') : normalizeField(v));

function parsedValue(p: ReferenceFields, field: OwnField): unknown {
  if (field === 'authors' || field === 'editors') return p[field].map((a) => a.family);
  return p[field];
}

/** Field scores (exact after normalisation) per field and per style, and the misses, for a parse function. */
export function scoreOwnReferences(parse: (text: string) => ReferenceFields, refs = loadOwnReferences()) {
  const fields = new Map<OwnField, Score>(ownFields.map((f) => [f, { tp: 0, fp: 0, fn: 0 }]));
  const styles = new Map<string, Score>();
  const misses: string[] = [];
  for (const ref of refs) {
    const parsed = parse(ref.text);
    const style = styles.get(ref.style) ?? { tp: 0, fp: 0, fn: 0 };
    styles.set(ref.style, style);
    for (const field of ownFields) {
      const gold = valueOf(ref.fields[field]);
      const guess = valueOf(parsedValue(parsed, field));
      for (const s of [fields.get(field)!, style]) {
        if (gold && guess === gold) s.tp++;
        else {
          if (guess) s.fp++;
          if (gold) s.fn++;
        }
      }
      if (gold !== guess) misses.push(`${ref.style} ${field}: "${gold}" read as "${guess}" in ${ref.text}`);
    }
  }
  const overall = [...fields.values()].reduce((a, s) => ({ tp: a.tp + s.tp, fp: a.fp + s.fp, fn: a.fn + s.fn }), { tp: 0, fp: 0, fn: 0 });
  return { fields, styles, overall, misses, count: refs.length };
}

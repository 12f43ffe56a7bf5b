import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { tokenize } from '../tokens.ts';

/** ../shared/datasets/references (anystyle's core.xml, BSD-2-Clause); absent on CI. */
export const datasetPath = fileURLToPath(new URL('../../../../../shared/datasets/references/anystyle-core.xml', import.meta.url));
export const datasetAvailable = () => existsSync(datasetPath);

/** One labelled reference: its fields in order as (label, text). */
export interface LabelledReference {
  fields: { label: string; text: string }[];
  /** The whole string, fields joined by spaces. */
  text: string;
  split: 'train' | 'dev' | 'test';
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const decode = (s: string) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, e: string) =>
    e[0] === '#' ? String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10)) : entities[e.toLowerCase()]!,
  );

/** FNV-1a, 32 bits: the split of a reference depends on its text only. */
export function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** Held out (never trained or tuned on): 20%; dev (tuning): 10%; train: the rest. */
export function splitOf(text: string): LabelledReference['split'] {
  const bucket = fnv1a(text) % 10;
  return bucket < 2 ? 'test' : bucket === 2 ? 'dev' : 'train';
}

/** Labels merged because the data set has a handful of them. */
const labelMap: Record<string, string> = { dataset: 'note' };

/** Parses anystyle's XML format (`<sequence><author>…</author>…</sequence>`). */
export function parseAnystyleXml(xml: string): LabelledReference[] {
  const out: LabelledReference[] = [];
  for (const seq of xml.matchAll(/<sequence>([\s\S]*?)<\/sequence>/g)) {
    const fields: LabelledReference['fields'] = [];
    for (const m of seq[1]!.matchAll(/<([a-z-]+)>([\s\S]*?)<\/\1>/g)) {
      const text = decode(m[2]!).replace(/\s+/g, ' ').trim();
      if (text) fields.push({ label: labelMap[m[1]!] ?? m[1]!, text });
    }
    if (fields.length === 0) continue;
    const text = fields.map((f) => f.text).join(' ');
    out.push({ fields, text, split: splitOf(text) });
  }
  return out;
}

export function loadDataset(path = datasetPath): LabelledReference[] {
  return parseAnystyleXml(readFileSync(path, 'utf8'));
}

/** Tokens with gold labels: every whitespace token of a field carries the field's label. */
export function tokensWithLabels(ref: LabelledReference): { text: string; labels: string[] } {
  const labels: string[] = [];
  for (const f of ref.fields) for (const _ of tokenize(f.text)) labels.push(f.label);
  return { text: ref.text, labels };
}

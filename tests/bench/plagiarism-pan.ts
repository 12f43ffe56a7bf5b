/**
 * The PAN 2013 text-alignment subset in ../shared/datasets/plagiarism (verbatim
 * cases only), read for the evaluation. Both the suspicious and the source
 * files were stripped to ASCII after annotation, so an annotated offset can
 * drift from the text it names: each case is re-located by its text — the
 * longest stretch near the annotated place that occurs verbatim in the source
 * (a character-level search, independent of the engine under test).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Annotation } from '../../server/engines/plagiarism/index.ts';

export const panDir = join(import.meta.dirname, '../../../shared/datasets/plagiarism/pan13-subset');

export interface PanPair {
  pair: string;
  suspicious: string;
  source: string;
  cases: Annotation[];
}

const window = 40;

/** White space folded to one space, with the original offset of every kept character. */
function folded(text: string): { text: string; at: number[] } {
  let out = '';
  const at: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const ch = /\s/.test(text[i]!) ? ' ' : text[i]!;
    if (ch === ' ' && out.endsWith(' ')) continue;
    out += ch;
    at.push(i);
  }
  at.push(text.length);
  return { text: out, at };
}

/**
 * Re-locates a verbatim case: the longest run, near the annotated place, of
 * 40-character windows that occur in the source (white space folded, because
 * the stripping also re-wrapped the lines).
 */
function relocate(susp: ReturnType<typeof folded>, src: ReturnType<typeof folded>, grams: Map<string, number>, c: { start: number; length: number }) {
  const foldedAt = (offset: number) => {
    let lo = 0;
    let hi = susp.at.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (susp.at[mid]! < offset) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const start = foldedAt(c.start);
  const end = foldedAt(c.start + c.length);
  const length = end - start;
  const lo = Math.max(0, start - 4_000);
  const hi = Math.min(susp.text.length - window, end);
  // Runs of windows found in the source, each continuing one place of the source.
  const runs: { start: number; end: number; sourceStart: number }[] = [];
  let open: { start: number; end: number; sourceStart: number } | undefined;
  for (let i = lo; i <= hi; i++) {
    const at = grams.get(susp.text.slice(i, i + window));
    if (at !== undefined && open && at === open.sourceStart + (i - open.start)) {
      open.end = i + window;
      continue;
    }
    if (open) runs.push(open);
    open = at === undefined ? undefined : { start: i, end: i + window, sourceStart: at };
  }
  if (open) runs.push(open);
  // A changed character (stripping replaced "." by ",") splits a run: join runs that continue each other.
  const joined: { start: number; end: number; sourceStart: number; sourceEnd: number }[] = [];
  for (const r of runs) {
    const sourceEnd = r.sourceStart + (r.end - r.start);
    const last = joined.at(-1);
    if (last && r.start - last.end < 60 && Math.abs(r.sourceStart - (last.sourceEnd + (r.start - last.end))) < 60 && r.sourceStart >= last.sourceStart) {
      last.end = Math.max(last.end, r.end);
      last.sourceEnd = Math.max(last.sourceEnd, sourceEnd);
    } else {
      joined.push({ ...r, sourceEnd });
    }
  }
  const score = (r: { start: number; end: number }) => Math.abs(r.end - r.start - length) + Math.abs(r.end - end) * 0.01;
  let best: (typeof joined)[number] | undefined;
  for (const r of joined) if (!best || score(r) < score(best)) best = r;
  if (!best || best.end - best.start < length * 0.5) return undefined;
  // A mangled character at an edge stops the windows short of it: walk on while the text agrees around it.
  const agrees = (i: number, j: number, step: number) => {
    let same = 0;
    for (let k = 1; k <= 12; k++) if (susp.text[i + step * k] !== undefined && susp.text[i + step * k] === src.text[j + step * k]) same++;
    return same >= 10;
  };
  while (best.start > 0 && best.sourceStart > 0 && (susp.text[best.start - 1] === src.text[best.sourceStart - 1] || agrees(best.start - 1, best.sourceStart - 1, -1))) {
    best.start--;
    best.sourceStart--;
  }
  while (best.end < susp.text.length && best.sourceEnd < src.text.length && (susp.text[best.end] === src.text[best.sourceEnd] || agrees(best.end, best.sourceEnd, 1))) {
    best.end++;
    best.sourceEnd++;
  }
  return { start: susp.at[best.start]!, end: susp.at[best.end - 1]! + 1, sourceStart: src.at[best.sourceStart]!, sourceEnd: src.at[best.sourceEnd - 1]! + 1 };
}

/** The verbatim pairs with their cases; null when the dataset is absent. */
export function loadPanVerbatim(limit = Infinity): PanPair[] | null {
  const folder = join(panDir, '02-no-obfuscation');
  if (!existsSync(folder)) return null;
  const out: PanPair[] = [];
  const lines = readFileSync(join(folder, 'pairs'), 'utf8').trim().split('\n');
  for (const line of lines.slice(0, limit)) {
    const [suspName, srcName] = line.trim().split(/\s+/) as [string, string];
    const pair = `${suspName}|${srcName}`;
    const suspicious = readFileSync(join(panDir, 'susp', suspName), 'utf8');
    const source = readFileSync(join(panDir, 'final_txt_files', srcName), 'utf8');
    const xml = readFileSync(join(folder, `${suspName.replace('.txt', '')}-${srcName.replace('.txt', '')}.xml`), 'utf8');
    const cases: Annotation[] = [];
    const fs = folded(suspicious);
    const fr = folded(source);
    const grams = new Map<string, number>();
    for (let j = 0; j + window <= fr.text.length; j++) {
      const g = fr.text.slice(j, j + window);
      if (!grams.has(g)) grams.set(g, j);
    }
    for (const m of xml.matchAll(/<feature[^>]*name="plagiarism"[^>]*>/g)) {
      const attr = (k: string) => Number(new RegExp(`${k}="(\\d+)"`).exec(m[0])?.[1] ?? NaN);
      const found = relocate(fs, fr, grams, { start: attr('this_offset'), length: attr('this_length') });
      if (found) cases.push({ pair, ...found });
    }
    out.push({ pair, suspicious, source, cases });
  }
  return out;
}

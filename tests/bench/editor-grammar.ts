/**
 * Essay editor figures (docs/decisions/0024): harper.js grammar and style suggestions per 1,000 words on essays
 * of ../shared/datasets/essays by group (learners' essays, students' essays, machine essays), by the page's
 * six categories, and lint latency: per paragraph (p50/p95, each paragraph alone, as after an edit) and for a
 * whole 1,500-word document (its paragraphs in one worker request, nothing cached, as on opening it). Run in Node
 * with the slim WebAssembly the worker loads; the browser's worker runs the same code. Plus the download: the
 * WebAssembly and the worker as built (dist/_astro, after `npm run build`).
 *
 *   ./node_modules/.bin/node tests/bench/editor-grammar.ts
 *
 * Prints figures; never fails on time.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LocalLinter } from 'harper.js';
import { slimBinary } from 'harper.js/slimBinary';
import { countWords } from '../../src/domain/word-count.ts';
import { lintParagraphs, type GrammarLint } from '../../src/lib/grammar/lints.ts';
import { loadEssays, type EssayRow } from './essays.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const groups: { name: string; pick: (r: EssayRow) => boolean }[] = [
  { name: 'learners of English (W&I, FCE, IELTS)', pick: (r) => r.label === 'human' && r.writer === 'l2' },
  { name: 'native student essays', pick: (r) => r.label === 'human' && r.writer === 'native' },
  { name: 'machine (no attack)', pick: (r) => r.label === 'ai' && !r.attack },
];
const category: Record<string, string> = {
  Spelling: 'spelling', Typo: 'spelling',
  Agreement: 'grammar', Grammar: 'grammar', WordOrder: 'grammar', BoundaryError: 'grammar', Malapropism: 'grammar', Eggcorn: 'grammar', Nonstandard: 'grammar',
  Punctuation: 'punctuation', Capitalization: 'punctuation', Formatting: 'punctuation',
  WordChoice: 'word choice', Usage: 'word choice', Regionalism: 'word choice',
  Style: 'style', Readability: 'style', Redundancy: 'style', Repetition: 'style', Enhancement: 'style',
};

const paragraphsOf = (text: string) => text.split(/\n+/).map((p) => p.trim()).filter(Boolean);
const pct = (values: number[], p: number) => {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};
const ms = (n: number) => `${n.toFixed(1)} ms`;

function sample(rows: EssayRow[], n: number): EssayRow[] {
  const step = Math.max(1, Math.floor(rows.length / n));
  return rows.filter((_, i) => i % step === 0).slice(0, n);
}

function sizes(): string[] {
  const dir = join(root, 'dist/_astro');
  if (!existsSync(dir)) return ['(no dist/: run `npm run build` for the download sizes)'];
  const files = readdirSync(dir);
  const size = (f: string | undefined) => (f && existsSync(join(dir, f)) ? statSync(join(dir, f)).size : 0);
  const wasm = files.find((f) => /^harper_wasm_slim_bg-.*\.wasm$/.test(f));
  const worker = files.find((f) => /^grammar\.worker-.*\.js$/.test(f));
  const island = files.find((f) => /^EssayEditor\..*\.js$/.test(f));
  const mb = (n: number) => `${(n / 1024 / 1024).toFixed(2)} MB`;
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  return [
    `download, loaded in the worker once the editor is idle: WebAssembly ${mb(size(wasm))} raw, ${mb(size(`${wasm}.br`))} brotli, ${mb(size(`${wasm}.gz`))} gzip; worker script ${kb(size(`${worker}.br`))} brotli`,
    `island script (before the grammar checker): EssayEditor ${kb(size(island))} raw, ${kb(size(`${island}.gz`))} gzip (beside the shared React and Tiptap chunks)`,
  ];
}

export async function editorGrammarFigures(perGroup = 40): Promise<string[]> {
  const lines: string[] = [];
  const started = performance.now();
  const linter = new LocalLinter({ binary: slimBinary });
  await linter.setup();
  await linter.lint('Warm up.', { language: 'plaintext' });
  lines.push(`**Essay editor grammar (harper.js ${JSON.parse(readFileSync(join(root, 'node_modules/harper.js/package.json'), 'utf8')).version}, slim WebAssembly, Node on this machine)**: setup (compile + first lint) ${ms(performance.now() - started)}`);
  const rows = loadEssays();
  const sets = rows
    ? groups.map((g) => ({ name: g.name, texts: sample(rows.filter(g.pick), perGroup).map((r) => r.text) }))
    : [{ name: 'committed sample (../shared/datasets absent)', texts: [readFileSync(join(root, 'server/engines/humanizer/data/bench-sample.txt'), 'utf8')] }];
  lines.push('| essays | texts | words | suggestions / 1,000 words | spelling | grammar | punctuation | word choice | style | other |');
  lines.push('|---|---|---|---|---|---|---|---|---|---|');
  const paragraphTimes: number[] = [];
  const allParagraphs: string[] = [];
  for (const set of sets) {
    let words = 0;
    const counts: Record<string, number> = {};
    let total = 0;
    for (const text of set.texts) {
      const paragraphs = paragraphsOf(text);
      words += countWords(text);
      for (const p of paragraphs) {
        allParagraphs.push(p);
        const t0 = performance.now();
        const [lints] = await lintParagraphs(linter, [p]);
        paragraphTimes.push(performance.now() - t0);
        for (const l of lints as GrammarLint[]) {
          const c = category[l.kind] ?? 'other';
          counts[c] = (counts[c] ?? 0) + 1;
          total += 1;
        }
      }
    }
    const per1k = (n: number) => ((1000 * n) / Math.max(1, words)).toFixed(1);
    lines.push(`| ${set.name} | ${set.texts.length} | ${words} | ${per1k(total)} | ${['spelling', 'grammar', 'punctuation', 'word choice', 'style', 'other'].map((c) => per1k(counts[c] ?? 0)).join(' | ')} |`);
  }
  const paragraphWords = allParagraphs.map(countWords);
  lines.push(`lint latency per paragraph (${paragraphTimes.length} paragraphs, median ${pct(paragraphWords, 50)} words): p50 ${ms(pct(paragraphTimes, 50))}, p95 ${ms(pct(paragraphTimes, 95))}, max ${ms(Math.max(...paragraphTimes))}`);
  // A 1,500-word document: consecutive paragraphs, linted whole (nothing cached) five times.
  const doc: string[] = [];
  for (const p of allParagraphs) {
    if (doc.reduce((n, d) => n + countWords(d), 0) >= 1500) break;
    doc.push(p);
  }
  const docWords = doc.reduce((n, d) => n + countWords(d), 0);
  const docTimes: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    await lintParagraphs(linter, doc);
    docTimes.push(performance.now() - t0);
  }
  lines.push(`lint latency for a ${docWords}-word document (${doc.length} paragraphs, 5 runs): p50 ${ms(pct(docTimes, 50))}, p95 ${ms(pct(docTimes, 95))}`);
  lines.push(...sizes());
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of await editorGrammarFigures()) console.log(line);
}

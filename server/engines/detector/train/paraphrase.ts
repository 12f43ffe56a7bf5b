/**
 * Training of the paraphrase classifier (run by scripts/train-paraphrase.ts). Positives: sentences of dev-split
 * machine texts after our humanizer rewrote them (only sentences it changed); negatives: the same machine texts'
 * own sentences and human sentences of the dev split. Held-out figures on the test split (split by prompt, as for
 * the main model). Deterministic for a given humanizer: fixed data order, seeds from text hashes, full-batch
 * optimisation with fixed step counts, rounded numbers.
 */
import { readFileSync } from 'node:fs';
import { humanize } from '../../humanizer/index.ts';
import { Detector, type ModelFile } from '../engine.ts';
import { fitLogistic, fitPlatt, linearScore, sigmoid } from '../logistic.ts';
import { ParaphraseScorer, paraphraseFeatures, type ParaphraseFile } from '../paraphrase.ts';
import { fitStyle, styleScoreOf, styleVector, type SparseVector, type StyleModel } from '../style.ts';
import { segmentText } from '../text.ts';
import { fnv1a, loadDetectorDataset, type Example } from './dataset.ts';
import { auroc, rateAtOrAbove, thresholdAtFpr } from './metrics.ts';

export const PARAPHRASE_VERSION = 'paraphrase-v1';
const FOLDS = 5;
const BITS = 16;
const SPARSE_L2 = 1e-5;
const SPARSE_ITERATIONS = 300;
const SPARSE_STEP = 4;
/** Share of plain machine sentences (out of fold) allowed to reach 0.5, where the report marks a sentence paraphrased. */
const FALSE_PARAPHRASE_RATE = 0.1;
const DENSE_L2 = 0.003;
const DENSE_ITERATIONS = 300;
/** One dev machine text in this many is humanized for training (all held-out ones are, for the figures). */
const DEV_SAMPLE = 3;

/** One sentence (or window) with its class: 1 = paraphrased machine text, 0 = plain machine or human text. */
interface Row {
  text: string;
  label: 0 | 1;
  kind: 'paraphrased' | 'machine' | 'human';
  split: Example['split'];
  fold: number;
}

/** What training produced. */
export interface ParaphraseTraining {
  file: ParaphraseFile;
  json: string;
  report: string[];
}

function round(x: number): number {
  if (Number.isInteger(x)) return x;
  return Number(x.toPrecision(7));
}

/** Serialises a paraphrase model with stable number formatting. */
export function serialiseParaphrase(file: ParaphraseFile): string {
  return JSON.stringify(file, (_k, v: unknown) => (typeof v === 'number' ? round(v) : v)) + '\n';
}

const sentencesOf = (text: string) => segmentText(text).filter((s) => s.qualifies).map((s) => s.text);

/** Options for tests: a smaller sample of texts. */
export interface ParaphraseOptions {
  /** Use only one machine text in this many of those otherwise used (default 1: all). */
  thin?: number;
  log?: (line: string) => void;
}

/** Builds the sentence rows and the fingerprint of the humanizer outputs they came from. */
function buildRows(dataset: readonly Example[], thin: number): { rows: Row[]; windows: Row[]; fingerprint: string; failed: number } {
  let failed = 0;
  const rows: Row[] = [];
  const windows: Row[] = [];
  let fp = 0x811c9dc5;
  for (const e of dataset) {
    const h = fnv1a(e.text);
    if (e.label === 0) {
      if (e.domain === 'brown' || h % thin !== 0) continue;
      for (const s of sentencesOf(e.text)) rows.push({ text: s, label: 0, kind: 'human', split: e.split, fold: e.fold });
      continue;
    }
    if ((e.split === 'dev' && h % DEV_SAMPLE !== 0) || (h >>> 4) % thin !== 0) continue;
    let out: string;
    try {
      out = humanize(e.text, { ultra: (h >>> 8) % 2 === 1, seed: h }).text;
    } catch {
      // The humanizer is still being developed; a text it fails on is left out (and changes the fingerprint).
      failed++;
      fp = fnv1a(`${fp.toString(16)}!`);
      continue;
    }
    fp = fnv1a(`${fp.toString(16)}${out}`);
    const original = sentencesOf(e.text);
    const seen = new Set(original);
    const rewritten = sentencesOf(out);
    for (const s of original) rows.push({ text: s, label: 0, kind: 'machine', split: e.split, fold: e.fold });
    for (const s of rewritten) if (!seen.has(s)) rows.push({ text: s, label: 1, kind: 'paraphrased', split: e.split, fold: e.fold });
    if (e.split === 'test') {
      // Windows of three sentences for the held-out figures: rewritten windows with at least one changed sentence.
      for (let i = 0; i + 3 <= original.length; i += 3) windows.push({ text: original.slice(i, i + 3).join(' '), label: 0, kind: 'machine', split: e.split, fold: e.fold });
      for (let i = 0; i + 3 <= rewritten.length; i += 3) {
        const part = rewritten.slice(i, i + 3);
        if (part.some((s) => !seen.has(s))) windows.push({ text: part.join(' '), label: 1, kind: 'paraphrased', split: e.split, fold: e.fold });
      }
    }
  }
  return { rows, windows, fingerprint: fp.toString(16).padStart(8, '0'), failed };
}

function balanced(labels: readonly number[]): number[] {
  const pos = labels.filter((y) => y === 1).length;
  const neg = labels.length - pos;
  return labels.map((y) => (y === 1 ? 0.5 / pos : 0.5 / neg) * labels.length);
}

const pct = (x: number) => (Number.isNaN(x) ? 'n/a' : `${(100 * x).toFixed(1)}%`);

/** Trains the paraphrase classifier against the committed main detector model. */
export function trainParaphrase(detectorModelPath: string, options: ParaphraseOptions = {}): ParaphraseTraining {
  const log = options.log ?? (() => {});
  const dataset = loadDetectorDataset();
  if (!dataset) throw new Error('the dev data set ../shared/datasets/detector is missing; it is needed to train the paraphrase classifier');
  const detector = new Detector(JSON.parse(readFileSync(detectorModelPath, 'utf8')) as ModelFile);
  const { rows, windows, fingerprint, failed } = buildRows(dataset, options.thin ?? 1);
  const dev = rows.filter((r) => r.split === 'dev');
  const test = rows.filter((r) => r.split === 'test');
  log(`sentences: ${dev.length} dev (${dev.filter((r) => r.label === 1).length} paraphrased), ${test.length} held-out; humanizer outputs ${fingerprint}${failed ? `; the humanizer failed on ${failed} texts, left out` : ''}`);

  const feats = (r: Row) => {
    const f = paraphraseFeatures(r.text, detector);
    return { sv: styleVector([f.hashes], BITS), hashes: f.hashes, dense: f.dense };
  };
  const devF = dev.map(feats);
  const sparseFit = (idx: number[]): StyleModel => {
    const x: SparseVector[] = idx.map((i) => (devF[i] as { sv: SparseVector }).sv);
    const y = idx.map((i) => (dev[i] as Row).label);
    return fitStyle(x, y, balanced(y), BITS, SPARSE_L2, SPARSE_ITERATIONS, SPARSE_STEP);
  };
  const all = dev.map((_, i) => i);
  const foldSparse = Array.from({ length: FOLDS }, (_, f) => sparseFit(all.filter((i) => (dev[i] as Row).fold !== f)));
  const sparse = sparseFit(all);
  const devX = dev.map((r, i) => [...(devF[i] as { dense: number[] }).dense, styleScoreOf(foldSparse[r.fold] as StyleModel, [(devF[i] as { hashes: number[] }).hashes])]);
  const y = dev.map((r) => r.label);
  const denseFit = (idx: number[]) => {
    const yy = idx.map((i) => y[i] as number);
    return fitLogistic(idx.map((i) => devX[i] as number[]), yy, balanced(yy), { l2: DENSE_L2, iterations: DENSE_ITERATIONS });
  };
  const oof = new Array<number>(dev.length).fill(0);
  for (let f = 0; f < FOLDS; f++) {
    const m = denseFit(all.filter((i) => (dev[i] as Row).fold !== f));
    dev.forEach((r, i) => {
      if (r.fold === f) oof[i] = linearScore(m, devX[i] as number[]);
    });
    log(`fold ${f + 1}/${FOLDS} done`);
  }
  const dense = denseFit(all);
  // Platt slope from the balanced fit; the intercept puts 0.5 where FALSE_PARAPHRASE_RATE of the plain machine
  // sentences (out of fold) score, so that the report's "AI-paraphrased" mark is seldom wrong on plain AI text.
  const slope = fitPlatt(oof, y, balanced(y)).a;
  const cut = thresholdAtFpr(oof.filter((_, i) => dev[i]?.kind === 'machine'), FALSE_PARAPHRASE_RATE);
  const platt = { a: slope, b: -slope * cut };
  const oofP = oof.map((s) => sigmoid(platt.a * s + platt.b));
  const file: ParaphraseFile = {
    format: 1,
    version: PARAPHRASE_VERSION,
    detector: detector.file.version,
    humanizer: fingerprint,
    sparse,
    dense,
    platt,
    training: {
      sources: ['dev split of ../shared/datasets/detector (fast-detect-gpt, MIT): machine texts rewritten by server/engines/humanizer, their originals, human texts'],
      devSentences: dev.length,
      humanizerFailures: failed,
      falseParaphraseRate: FALSE_PARAPHRASE_RATE,
      oofAurocParaphrasedVsMachine: round(auroc(oofP.filter((_, i) => dev[i]?.kind === 'machine'), oofP.filter((_, i) => dev[i]?.kind === 'paraphrased'))),
    },
  };
  const json = serialiseParaphrase(file);

  // Held-out figures with the model exactly as written.
  const scorer = new ParaphraseScorer(JSON.parse(json) as ParaphraseFile, detector);
  const report: string[] = [];
  const figures = (name: string, rs: readonly Row[]) => {
    const p = rs.map((r) => scorer.score(r.text));
    const of = (k: Row['kind']) => p.filter((_, i) => rs[i]?.kind === k);
    report.push(
      `| ${name} | ${of('paraphrased').length} | ${of('machine').length} | ${auroc(of('machine'), of('paraphrased')).toFixed(3)} | ${pct(rateAtOrAbove(of('paraphrased'), 0.5))} | ${pct(rateAtOrAbove(of('machine'), 0.5))} | ${of('human').length ? pct(rateAtOrAbove(of('human'), 0.5)) : '–'} |`,
    );
  };
  report.push(
    'Paraphrase classifier, held-out prompts (paraphrased = sentences our humanizer changed; machine = the originals):',
    '',
    '| unit | paraphrased | machine | AUROC | paraphrased ≥ 0.5 | machine ≥ 0.5 | human ≥ 0.5 |',
    '|---|---:|---:|---:|---:|---:|---:|',
  );
  figures('sentence', test);
  figures('3-sentence window', windows);
  return { file, json, report };
}

/**
 * Training of detector v4's combiner (run by scripts/train-detector-v4.ts). The transformer was fine-tuned on dev
 * folds 0-3 only (training/detector/train_encoder.py); here, on dev fold 4, which neither the transformer nor v3's
 * out-of-fold models saw, a logistic model learns how to weigh v3's document logit against the transformer's window
 * logits. The threshold follows v3's rule (at most 1% of every human group flagged, plus a fixed margin), on scores
 * cross-fitted within fold 4 (two halves by prompt group, each scored by a combiner fitted on the other). The
 * held-out split is never trained, calibrated or tuned on; its figures are reported for v3 and v4 side by side.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { EncoderScorer } from '../encoder.ts';
import { ENCODER_WINDOW, MAX_WINDOWS } from '../encoder.ts';
import { fitLogistic, fitMlpEnsemble, fitPlatt, sigmoid, stackScore, type StackModel } from '../logistic.ts';
import { V4_FEATURES, proseOfAnalysis, v4Input, type V4File } from '../v4.ts';
import { fnv1a, loadBrown } from './dataset.ts';
import { auroc } from './metrics.ts';
import { thresholdAtFpr } from './metrics.ts';
import { AI_LINE, THRESHOLD_MARGIN, TARGET_FPR, essayTables, humanGroups, isEssay, sampleWeights, type TrainingResult, type TrainingText } from './train.ts';

/** The fold the combiner is fitted on (the transformer never trained on it). */
export const STACK_FOLD = 4;
export const V4_VERSION = 'detector-v4';
/** The two combiners tried; the one that flags more machine essays of fold 4 at the every-group line is kept. */
const COMBINERS = {
  /** v3's logit alone, recalibrated: the transformer must beat it here to be kept at all. */
  v3: { l2: 1e-2, iterations: 400 },
  linear: { l2: 1e-2, iterations: 400 },
  perceptron: { hidden: 4, l2: 1e-3, iterations: 600, rate: 0.01, seeds: [1, 2, 3] },
} as const;

const round = (x: number) => (Number.isInteger(x) ? x : Number(x.toPrecision(7)));

/** Encoder window logits of many texts, cached on disk by the model's hash and the text's hash. */
export async function encoderLogits(
  encoder: EncoderScorer,
  modelSha: string,
  proses: readonly string[],
  cacheFile: string,
  log: (line: string) => void,
): Promise<number[][]> {
  const key = (p: string) => createHash('sha1').update(p).digest('hex');
  let cache: Record<string, number[]> = {};
  if (existsSync(cacheFile)) {
    const saved = JSON.parse(readFileSync(cacheFile, 'utf8')) as { model: string; logits: Record<string, number[]> };
    if (saved.model === modelSha) cache = saved.logits;
  }
  const out: number[][] = [];
  const started = performance.now();
  let scored = 0;
  for (let i = 0; i < proses.length; i++) {
    const p = proses[i] as string;
    const k = key(p);
    let v = cache[k];
    if (!v) {
      v = await encoder.score(p);
      cache[k] = v;
      scored++;
      if (scored % 500 === 0) {
        log(`encoder: ${scored} texts scored (${((performance.now() - started) / 1000).toFixed(0)} s), ${i + 1}/${proses.length}`);
        mkdirSync(dirname(cacheFile), { recursive: true });
        writeFileSync(cacheFile, JSON.stringify({ model: modelSha, logits: cache }));
      }
    }
    out.push(v);
  }
  mkdirSync(dirname(cacheFile), { recursive: true });
  writeFileSync(cacheFile, JSON.stringify({ model: modelSha, logits: cache }));
  return out;
}

/**
 * Formal, edited human prose as a writer group of its own: the Brown Corpus's "learned" (academic and scientific
 * writing) and "government" documents, and the medical answers of ../shared/datasets/detector. The threshold bounds
 * it at 1% like every other group, and the figures report it.
 */
export function formalGroup(): (t: TrainingText) => string | null {
  const categories = new Map((loadBrown() ?? []).map((d) => [`brown:${d.id}`, d.category]));
  return (t) => {
    if (t.label !== 0) return null;
    const category = categories.get(t.group);
    if (t.source === 'brown' && (category === 'learned' || category === 'government')) return 'writer formal (Brown learned and government, PubMed answers)';
    if (t.source === 'detector/pubmed') return 'writer formal (Brown learned and government, PubMed answers)';
    return null;
  };
}

interface Scored {
  t: TrainingText;
  v3: number;
  windows: number[];
  x: number[];
}

/** What the v4 training produced. */
export interface V4Result {
  file: V4File;
  report: string[];
}

/** Fits the combiner and the calibration; reports v3 and v4 side by side on the held-out split. */
export async function trainV4(
  v3: TrainingResult,
  encoder: EncoderScorer,
  options: { modelSha: string; encoderTraining: Record<string, unknown>; cacheFile: string; log?: (line: string) => void },
): Promise<V4Result> {
  const log = options.log ?? (() => {});
  const rows = v3.scores.filter((s) => (s.text.split === 'dev' && s.text.fold === STACK_FOLD) || s.text.split === 'test');
  log(`scoring ${rows.length} texts with the encoder (dev fold ${STACK_FOLD} and the held-out split)`);
  const logits = await encoderLogits(encoder, options.modelSha, rows.map((r) => proseOfAnalysis(r.analysis)), options.cacheFile, log);
  const scored: Scored[] = rows.map((r, i) => ({ t: r.text, v3: r.raw, windows: logits[i] as number[], x: v4Input(r.raw, logits[i] as number[]) }));
  const fit = scored.filter((s) => s.t.split === 'dev');
  const test = scored.filter((s) => s.t.split === 'test');
  log(`combiner: ${fit.length} texts of dev fold ${STACK_FOLD}, ${test.length} held out`);

  const roundModel = (m: StackModel): StackModel => ({
    mean: m.mean.map(round), scale: m.scale.map(round), weights: m.weights.map(round), bias: round(m.bias),
    ...(m.hidden ? { hidden: { weights: m.hidden.weights.map(round), bias: m.hidden.bias.map(round) } } : {}),
  });
  const fitOn = (kind: keyof typeof COMBINERS, part: readonly Scored[]): StackModel => {
    const x = part.map((s) => s.x);
    const y = part.map((s) => s.t.label);
    const w = sampleWeights(part.map((s) => s.t));
    if (kind === 'v3') {
      const m = fitLogistic(x.map((r) => [r[0] as number]), y, w, COMBINERS.v3);
      const rest = V4_FEATURES.length - 1;
      return roundModel({ mean: [...m.mean, ...new Array<number>(rest).fill(0)], scale: [...m.scale, ...new Array<number>(rest).fill(1)], weights: [...m.weights, ...new Array<number>(rest).fill(0)], bias: m.bias });
    }
    return roundModel(kind === 'linear' ? fitLogistic(x, y, w, COMBINERS.linear) : fitMlpEnsemble(x, y, w, COMBINERS.perceptron));
  };
  // Cross-fitted scores within the fold (halves by prompt group) choose the combiner, the threshold and the slope.
  const half = (s: Scored) => fnv1a(`v4half:${s.t.group}`) % 2;
  const formal = formalGroup();
  const groups = humanGroups(fit.map((s) => s.t), formal);
  const lineOf = (cross: ReadonlyMap<Scored, number>) => {
    const perGroup = [...groups.entries()].map(([g, idx]) => [g, thresholdAtFpr(idx.map((i) => cross.get(fit[i] as Scored) as number), TARGET_FPR)] as const);
    return perGroup.reduce((a, b) => (b[1] > a[1] ? b : a), ['none', -Infinity] as const);
  };
  const tried = (Object.keys(COMBINERS) as Array<keyof typeof COMBINERS>).map((kind) => {
    const cross = new Map<Scored, number>();
    for (const h of [0, 1]) {
      const m = fitOn(kind, fit.filter((s) => half(s) !== h));
      for (const s of fit) if (half(s) === h) cross.set(s, stackScore(m, s.x));
    }
    const binding = lineOf(cross);
    const line = (Number.isFinite(binding[1]) ? binding[1] : 0) + THRESHOLD_MARGIN;
    const machine = fit.filter((s) => s.t.label === 1 && isEssay(s.t));
    const flagged = machine.filter((s) => (cross.get(s) as number) >= line).length / Math.max(1, machine.length);
    log(`combiner ${kind}: ${(100 * flagged).toFixed(1)}% of fold ${STACK_FOLD}'s machine essays at the every-group line (cross-fitted; set by ${binding[0]})`);
    return { kind, cross, binding, line, flagged };
  });
  const chosen = tried.reduce((a, b) => (b.flagged > a.flagged ? b : a));
  const { cross, binding } = chosen;
  const rawThreshold = chosen.line;
  const combine = fitOn(chosen.kind, fit);
  log(`combiner: ${chosen.kind}; threshold set by ${binding[0]} (${binding[1].toFixed(3)}), plus margin ${THRESHOLD_MARGIN}`);
  const slope = fitPlatt(fit.map((s) => cross.get(s) as number), fit.map((s) => s.t.label), sampleWeights(fit.map((s) => s.t))).a;
  const platt = { a: round(slope), b: round(-slope * rawThreshold) };

  const file: V4File = {
    format: 4,
    version: V4_VERSION,
    base: v3.file.version,
    encoder: { model: 'detector-encoder-v4', window: ENCODER_WINDOW, maxWindows: MAX_WINDOWS },
    features: [...V4_FEATURES],
    combine,
    platt,
    training: {
      combinerFittedOn: `dev fold ${STACK_FOLD} of the prompt-disjoint split (${fit.length} texts; neither the transformer nor v3's out-of-fold models trained on it)`,
      thresholdRule: `cross-fitted within the fold: at most ${TARGET_FPR * 100}% of the human texts of every writer group, source and CEFR band at or above the AI line, plus a margin of ${THRESHOLD_MARGIN}`,
      thresholdSetBy: binding[0],
      combiner: `${chosen.kind} (${tried.map((t) => `${t.kind}: ${(100 * t.flagged).toFixed(1)}%`).join(', ')} of fold ${STACK_FOLD}'s machine essays flagged at the every-group line, cross-fitted)`,
      encoderSha256: options.modelSha,
      encoder: options.encoderTraining,
    },
  };

  const v3Prob = (s: Scored) => sigmoid(v3.file.platt.a * s.v3 + v3.file.platt.b);
  const v4Prob = (s: Scored) => sigmoid(platt.a * stackScore(combine, s.x) + platt.b);
  const encProb = (s: Scored) => sigmoid((s.x[1] as number));
  const report: string[] = [];
  const essayAuc = (list: readonly Scored[], p: (s: Scored) => number) =>
    auroc(list.filter((s) => isEssay(s.t) && s.t.label === 0).map(p), list.filter((s) => isEssay(s.t) && s.t.label === 1).map(p));
  report.push(
    `Dev fold ${STACK_FOLD} (cross-fitted v4; v3 out of fold): essay AUROC v3 ${essayAuc(fit, v3Prob).toFixed(4)}, encoder alone ${essayAuc(fit, encProb).toFixed(4)}, v4 ${essayAuc(fit, (s) => sigmoid(platt.a * (cross.get(s) as number) + platt.b)).toFixed(4)}`,
    `Held out: essay AUROC v3 ${essayAuc(test, v3Prob).toFixed(4)}, encoder alone ${essayAuc(test, encProb).toFixed(4)}, v4 ${essayAuc(test, v4Prob).toFixed(4)}`,
    '',
    `## Held out, v3 (${test.length} texts of prompt groups never trained, calibrated or tuned on)`,
    '',
    ...essayTables(test.map((s) => s.t), test.map(v3Prob), AI_LINE, formal),
    '',
    `## Held out, v4 (the same texts)`,
    '',
    ...essayTables(test.map((s) => s.t), test.map(v4Prob), AI_LINE, formal),
    '',
    `## Dev fold ${STACK_FOLD}, v4 cross-fitted (the threshold was chosen here)`,
    '',
    ...essayTables(fit.map((s) => s.t), fit.map((s) => sigmoid(platt.a * (cross.get(s) as number) + platt.b)), AI_LINE, formal),
  );
  return { file, report };
}

/** Serialises a v4 file with stable number formatting. */
export function serialiseV4(file: V4File): string {
  return JSON.stringify(file, (_k, v: unknown) => (typeof v === 'number' ? round(v) : v), 1) + '\n';
}

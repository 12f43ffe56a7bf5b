/**
 * Figures of detector v4 beside v3 (decision 0027): the transformer's size and load time, the time for a 3,500-word
 * essay on one core, held-out AUROC / TPR at 1% and 5% FPR / flag rates per source, writer group, generator and attack
 * for v3 and v4 on the same rows, verdict stability (last paragraph removed, a reference list added), the report's
 * paraphrase class on plain machine, human and attacked essays, and our humanizer's output as its own rows. Prints
 * Markdown; never fails on time. Held-out encoder logits are read from the training cache when it holds this model's
 * (npm run train:detector:v4 writes it), else a slice is scored.
 * Standalone: ./node_modules/.bin/node tests/bench/detector-v4.ts [--quick]
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildReport } from '../../server/services/detections.ts';
import { detect, detectorPlan, loadV4, paraphraseScore } from '../../server/engines/detector/index.ts';
import { EncoderScorer } from '../../server/engines/detector/encoder.ts';
import { humanize } from '../../server/engines/humanizer/index.ts';
import { sigmoid } from '../../server/engines/detector/logistic.ts';
import { proseOfAnalysis, type DetectorV4 } from '../../server/engines/detector/v4.ts';
import { fnv1a } from '../../server/engines/detector/train/dataset.ts';
import { auroc, rateAtOrAbove, tprAtFpr } from '../../server/engines/detector/train/metrics.ts';
import { essayTables, isEssay, loadTrainingTexts, type TrainingText } from '../../server/engines/detector/train/train.ts';
import { formalGroup } from '../../server/engines/detector/train/train-v4.ts';
import { essay as essayOf } from './detector-engine.ts';
import { PROJECT_ROOT, fileSha256 } from '../../server/models/index.ts';

const pct = (x: number) => (Number.isNaN(x) ? 'n/a' : `${(100 * x).toFixed(1)}%`);
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** Paragraphs of a text: its blank-line paragraphs, or groups of four sentences when it has fewer than three. */
function paragraphsOf(text: string): string[] {
  const blank = text.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean);
  if (blank.length >= 3) return blank;
  const sentences = text.replace(/\s+/g, ' ').match(/[^.!?]+[.!?]+["')\]]*\s*|[^.!?]+$/g) ?? [text];
  const out: string[] = [];
  for (let i = 0; i < sentences.length; i += 4) out.push(sentences.slice(i, i + 4).join('').trim());
  return out.filter(Boolean);
}

const REFERENCES = `References

Lee, K. (2021). Learning at home during the pandemic. Journal of Education Research, 14(2), 101–119. https://doi.org/10.1000/jer.2021.14
Smith, J. A., & Patel, R. (2020). Screens and schools. Oxford University Press.
World Health Organization. (2022). Report on adolescent health. https://www.who.int/reports/adolescent-health`;

/** Markdown lines with detector v4's figures. */
export async function detectorV4Figures(quick = process.argv.includes('--quick')): Promise<string[]> {
  const lines: string[] = ['## AI detector v4 (transformer + n-gram families) beside v3', ''];
  const plan = detectorPlan();
  if (!plan.files) {
    lines.push(`Skipped: detector v4 is not available here (${plan.degraded ?? 'this build has no transformer'}); v3 answers alone.`);
    return lines;
  }
  const t0 = performance.now();
  const c0 = cpuMs();
  const single = await EncoderScorer.load(plan.files.onnx, plan.files.vocab, 1);
  lines.push(
    `Transformer ${plan.files.onnx.replace(PROJECT_ROOT, '')}: ${(statSync(plan.files.onnx).size / 1e6).toFixed(1)} MB int8, loads in ${(performance.now() - t0).toFixed(0)} ms wall (${(cpuMs() - c0).toFixed(0)} ms CPU) with one thread.`,
  );
  const { detector: v4 } = await loadV4();
  if (!v4) {
    lines.push('Skipped: v4 did not load.');
    return lines;
  }
  let texts: TrainingText[];
  try {
    texts = loadTrainingTexts();
  } catch (error) {
    lines.push(`Held-out figures skipped: ${(error as Error).message}.`);
    return lines;
  }
  const heldOut = texts.filter((t) => t.split === 'test');
  // A 3,500-word essay of held-out human essays, on one core (the engine threads run one intra-op thread each).
  const essay = essayOf(heldOut.filter((t) => t.label === 0 && isEssay(t)));
  const words = essay.split(/\s+/).length;
  await v4.detect(essay);
  const runs = 3;
  const t1 = performance.now();
  const c1 = cpuMs();
  for (let i = 0; i < runs; i++) await v4.detect(essay);
  const wall = (performance.now() - t1) / runs / 1000;
  const cpu = (cpuMs() - c1) / runs / 1000;
  lines.push(`A ${words}-word essay on one core: ${(wall * 1000).toFixed(0)} ms wall, ${(cpu * 1000).toFixed(0)} ms CPU per run (mean of ${runs}; v3's part included); ${Math.round(words / cpu).toLocaleString('en-US')} words per CPU-second.`, '');

  // Held-out rows: cached encoder logits when they are this model's, else a slice scored now.
  const cacheFile = join(PROJECT_ROOT, 'training/.cache/encoder-logits.json');
  const sha = fileSha256(plan.files.onnx);
  const cache: Record<string, number[]> =
    existsSync(cacheFile) && (JSON.parse(readFileSync(cacheFile, 'utf8')) as { model: string }).model === sha ? (JSON.parse(readFileSync(cacheFile, 'utf8')) as { logits: Record<string, number[]> }).logits : {};
  const { createHash } = await import('node:crypto');
  const key = (p: string) => createHash('sha1').update(p).digest('hex');
  const slice = Object.keys(cache).length > 0 && !quick ? 1 : quick ? 8 : 3;
  const rows = heldOut.filter((t) => slice === 1 || fnv1a(`v4bench:${t.group}:${t.text.length}`) % slice === 0);
  const scored: TrainingText[] = [];
  const p3: number[] = [];
  const p4: number[] = [];
  for (const t of rows) {
    const a = v4.v3.analyse(t.text);
    if (v4.v3.unqualified(a, '')) continue;
    const prose = proseOfAnalysis(a);
    const windows = cache[key(prose)] ?? (await single.score(prose));
    const raw3 = v4.v3.documentLogit(a);
    scored.push(t);
    p3.push(v4.v3.calibrate(raw3));
    p4.push(sigmoid(v4.file.platt.a * v4.rawScore(raw3, windows) + v4.file.platt.b));
  }
  lines.push(`Held out${slice > 1 ? ` (one prompt group's text in ${slice})` : ''}: ${scored.length} texts, the same rows for both.`, '', '### v3', '', ...essayTables(scored, p3, 0.5, formalGroup()), '', '### v4', '', ...essayTables(scored, p4, 0.5, formalGroup()), '');

  lines.push(...(await stability(v4, heldOut, quick)), '', ...(await paraphraseClass(v4, heldOut, quick)), '', ...(await humanizerRows(v4, scored, p3, p4, quick)));
  return lines;
}

/** Whether the flag holds when the last paragraph is removed and when a reference list is added. */
async function stability(v4: DetectorV4, heldOut: readonly TrainingText[], quick: boolean): Promise<string[]> {
  const essays = heldOut.filter((t) => isEssay(t) && fnv1a(`stab:${t.text.length}:${t.group}`) % (quick ? 16 : 5) === 0);
  let n = 0;
  let sameCut = 0;
  let sameRefs = 0;
  let sameBoth = 0;
  const v3Same = { cut: 0, refs: 0 };
  for (const t of essays) {
    const paras = paragraphsOf(t.text);
    if (paras.length < 3) continue;
    const full = await v4.detect(paras.join('\n\n'));
    if (!full.qualifies) continue;
    const cut = await v4.detect(paras.slice(0, -1).join('\n\n'));
    const refs = await v4.detect(`${paras.join('\n\n')}\n\n${REFERENCES}`);
    n++;
    const a = cut.qualifies && cut.isAi === full.isAi;
    const b = refs.isAi === full.isAi;
    if (a) sameCut++;
    if (b) sameRefs++;
    if (a && b) sameBoth++;
    const f3 = detect(paras.join('\n\n'));
    if (detect(paras.slice(0, -1).join('\n\n')).isAi === f3.isAi) v3Same.cut++;
    if (detect(`${paras.join('\n\n')}\n\n${REFERENCES}`).isAi === f3.isAi) v3Same.refs++;
  }
  return [
    '### Verdict stability (held-out essays of three or more paragraphs)',
    '',
    `${n} essays. v4: the flag is the same without the last paragraph for ${pct(sameCut / n)}, with a reference list added for ${pct(sameRefs / n)}, both for ${pct(sameBoth / n)}. v3: ${pct(v3Same.cut / n)} and ${pct(v3Same.refs / n)}.`,
  ];
}

/** The report's "AI-paraphrased" class: on how many essays of each kind it appears, and its share of their words. */
async function paraphraseClass(v4: DetectorV4, heldOut: readonly TrainingText[], quick: boolean): Promise<string[]> {
  const kindOf = (t: TrainingText) => (t.label === 0 ? 'human' : !t.attack ? 'plain machine' : /quillbot/i.test(t.attack) ? 'QuillBot' : /dipper/i.test(t.attack) ? 'DIPPER' : 'other attack');
  const stats = new Map<string, { n: number; any: number; share: number }>();
  const order = { orderNo: 'BENCH', createdAt: new Date(0), extraInfo: null };
  const para = (sentences: string[]) => sentences.map((s) => (s ? paraphraseScore(s) : 0));
  for (const t of heldOut.filter((x) => isEssay(x) && fnv1a(`para:${x.text.length}:${x.group}`) % (quick ? 8 : 2) === 0)) {
    const r = await v4.detect(t.text);
    if (!r.qualifies) continue;
    const report = buildReport(order, t.text, r, para);
    const k = kindOf(t);
    const s = stats.get(k) ?? { n: 0, any: 0, share: 0 };
    s.n++;
    if (report.paraphrasedPercent > 0) s.any++;
    s.share += report.paraphrasedPercent;
    stats.set(k, s);
  }
  const lines = ['### The report\'s "AI-paraphrased" class (held out, v4)', '', '| essays | texts | with some AI-paraphrased text | mean share of the text |', '|---|---:|---:|---:|'];
  for (const [k, s] of [...stats.entries()].sort()) lines.push(`| ${k} | ${s.n} | ${pct(s.any / s.n)} | ${(s.share / s.n).toFixed(1)}% |`);
  return lines;
}

/** Our humanizer's output (never trained on) as its own rows, for v3 and v4. */
async function humanizerRows(v4: DetectorV4, scored: readonly TrainingText[], p3: readonly number[], p4: readonly number[], quick: boolean): Promise<string[]> {
  const human3 = p3.filter((_, i) => scored[i]?.label === 0 && isEssay(scored[i] as TrainingText));
  const human4 = p4.filter((_, i) => scored[i]?.label === 0 && isEssay(scored[i] as TrainingText));
  const sources = scored.filter((t) => t.label === 1 && isEssay(t) && !t.attack).filter((t) => fnv1a(`hum:${t.text}`) % (quick ? 16 : 4) === 0);
  const lines = ['### Our humanizer (as it is now; never trained on): held-out plain machine essays, before and after', '', '| | texts | v3 AUROC | v3 TPR@1%FPR | v3 flagged | v4 AUROC | v4 TPR@1%FPR | v4 flagged |', '|---|---:|---:|---:|---:|---:|---:|---:|'];
  const row = (name: string, a: number[], b: number[]) =>
    lines.push(`| ${name} | ${a.length} | ${auroc(human3, a).toFixed(3)} | ${pct(tprAtFpr(human3, a, 0.01))} | ${pct(rateAtOrAbove(a, 0.5))} | ${auroc(human4, b).toFixed(3)} | ${pct(tprAtFpr(human4, b, 0.01))} | ${pct(rateAtOrAbove(b, 0.5))} |`);
  const score = async (list: string[]) => {
    const a: number[] = [];
    const b: number[] = [];
    for (const text of list) {
      const r4 = await v4.detect(text);
      if (!r4.qualifies) continue;
      a.push(detect(text).probability);
      b.push(r4.probability);
    }
    return [a, b] as const;
  };
  row('plain machine (the inputs)', ...(await score(sources.map((t) => t.text))));
  for (const ultra of [false, true]) {
    const outs: string[] = [];
    for (const t of sources) {
      try {
        outs.push(humanize(t.text, { ultra, seed: fnv1a(t.text) }).text);
      } catch {
        // A text the humanizer refuses is left out of its row.
      }
    }
    row(ultra ? 'humanized, Ultra' : 'humanized, normal', ...(await score(outs)));
  }
  return lines;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  for (const line of await detectorV4Figures()) console.log(line);
}

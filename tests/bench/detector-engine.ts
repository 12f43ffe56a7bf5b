/**
 * Figures of the offline AI-text detector: model size and load time, speed on a 3,500-word essay, and on the
 * held-out split of the essay data (prompt groups never trained, calibrated or tuned on): AUROC, TPR at 1% and 5%
 * FPR and flag rates at the default threshold per source, per writer group, per CEFR level, per generator and per
 * attack; our own humanizer's output (normal and Ultra) as its own rows; the sentence highlights' agreement with the
 * verdict; then the paraphrase classifier. Prints Markdown; never fails on time.
 * Standalone: ./node_modules/.bin/node tests/bench/detector-engine.ts [--quick]  (--quick: one held-out text in 4)
 */
import { readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Detector, type ModelFile } from '../../server/engines/detector/engine.ts';
import { humanize } from '../../server/engines/humanizer/index.ts';
import { MODEL_PATH, PARAPHRASE_MODEL_PATH, detect, loadModel } from '../../server/engines/detector/index.ts';
import { ParaphraseScorer, type ParaphraseFile } from '../../server/engines/detector/paraphrase.ts';
import { segmentText } from '../../server/engines/detector/text.ts';
import { fnv1a } from '../../server/engines/detector/train/dataset.ts';
import { auroc, rateAtOrAbove, tprAtFpr } from '../../server/engines/detector/train/metrics.ts';
import { bandOf, scoreBands } from '../../src/domain/detector.ts';
import { essayTables, isEssay, loadTrainingTexts, type TrainingText } from '../../server/engines/detector/train/train.ts';

const pct = (x: number) => (Number.isNaN(x) ? 'n/a' : `${(100 * x).toFixed(1)}%`);
/** CPU time of this process so far, in milliseconds. */
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** A 3,500-word essay-like text made of held-out human essays, in paragraphs. */
export function essay(pool: readonly TrainingText[]): string {
  const paragraphs: string[] = [];
  let words = 0;
  for (const e of pool) {
    const take = e.text.split(/\s+/).slice(0, 3500 - words).join(' ');
    paragraphs.push(take);
    words += take.split(/\s+/).length;
    if (words >= 3500) break;
  }
  return paragraphs.join('\n\n');
}

/** Markdown lines with the detector's figures. */
export async function detectorEngineFigures(quick = process.argv.includes('--quick')): Promise<string[]> {
  const lines: string[] = ['## AI detector (offline engine)', ''];
  const size = statSync(MODEL_PATH).size;
  const t0 = performance.now();
  const c0 = cpuMs();
  const file = JSON.parse(readFileSync(MODEL_PATH, 'utf8')) as ModelFile;
  const detector = new Detector(file);
  const loadMs = performance.now() - t0;
  const loadCpu = cpuMs() - c0;
  loadModel();
  lines.push(`Model ${file.version}: ${(size / 1024 / 1024).toFixed(2)} MB, load ${loadMs.toFixed(0)} ms wall, ${loadCpu.toFixed(0)} ms of CPU (read, parse, build tables). Scores are calibrated so that the default threshold is ${file.threshold}.`, '');

  let texts: TrainingText[];
  try {
    texts = loadTrainingTexts();
  } catch (error) {
    lines.push(`Held-out figures skipped: ${(error as Error).message}.`);
    return lines;
  }
  const heldOut = texts.filter((t) => t.split === 'test' && (!quick || fnv1a(t.text) % 4 === 0));
  const text = essay(heldOut.filter((t) => t.label === 0 && isEssay(t)));
  const words = text.split(/\s+/).length;
  detect(text);
  const runs = 5;
  const t1 = performance.now();
  const c1 = cpuMs();
  for (let i = 0; i < runs; i++) detector.detect(text);
  const seconds = (performance.now() - t1) / 1000 / runs;
  const cpuSeconds = (cpuMs() - c1) / 1000 / runs;
  // CPU time is what one core gives when the machine is shared; wall time is what a person waits here and now.
  lines.push(`Speed on one core, a ${words}-word essay (mean of ${runs}): ${Math.round(words / cpuSeconds).toLocaleString('en-US')} words per CPU-second; ${Math.round(words / seconds).toLocaleString('en-US')} words/s wall (${(seconds * 1000).toFixed(0)} ms per run).`, '');

  const scored: TrainingText[] = [];
  const probs: number[] = [];
  let tooShort = 0;
  let agreeFlagged = 0;
  let agreeUnflagged = 0;
  let flaggedDocs = 0;
  let unflaggedDocs = 0;
  let highlightedInFlaggedMachine = 0;
  let flaggedMachine = 0;
  let humanSentences = 0;
  let humanPossibly = 0;
  for (const t of heldOut) {
    const r = detector.detect(t.text);
    if (!r.qualifies) {
      tooShort++;
      continue;
    }
    scored.push(t);
    probs.push(r.probability);
    const marked = r.sentences.filter((s) => s.qualifies && s.score >= r.threshold).length;
    if (r.isAi) {
      flaggedDocs++;
      if (marked > 0) agreeFlagged++;
      if (t.label === 1) {
        flaggedMachine++;
        highlightedInFlaggedMachine += r.aiShare;
      }
    } else {
      unflaggedDocs++;
      if (marked === 0) agreeUnflagged++;
      if (t.label === 0 && isEssay(t)) {
        for (const s of r.sentences) {
          if (!s.qualifies) continue;
          humanSentences++;
          if (bandOf(s.score) !== 'human') humanPossibly++;
        }
      }
    }
  }
  lines.push(
    `Held-out split${quick ? ' (one text in 4, --quick)' : ''}: ${scored.length} texts scored, ${tooShort} under ${file.minWords} qualifying words not scored. Flagged = at or above the default threshold.`,
    '',
    ...essayTables(scored, probs, file.threshold),
    '',
    `Sentence highlights against the verdict (held out): ${pct(agreeFlagged / Math.max(1, flaggedDocs))} of ${flaggedDocs} flagged texts have at least one "Likely AI" sentence, ${pct(agreeUnflagged / Math.max(1, unflaggedDocs))} of ${unflaggedDocs} unflagged texts have none (both 100% by construction); flagged machine essays have ${pct(highlightedInFlaggedMachine / Math.max(1, flaggedMachine))} of their words highlighted on average; in unflagged human essays ${pct(humanPossibly / Math.max(1, humanSentences))} of ${humanSentences} sentences show "Possibly AI" (score ≥ ${scoreBands.possiblyAi}).`,
    '',
    ...humanizerRows(detector, scored, probs, quick),
    '',
    'Reference anchors: commercial detectors flagged a mean of 61% of TOEFL essays by second-language students (Liang et al., 2023); the Kaggle "LLM - Detect AI Generated Text" winners reached ROC AUC 0.96-0.98 on essays of known prompts.',
    '',
    ...paraphraseFigures(detector, heldOut),
  );
  return lines;
}

/**
 * Our humanizer's output as its own rows: held-out plain machine essays rewritten by server/engines/humanizer as it
 * is now (normal and Ultra), never trained on. Compared with the held-out human essays.
 */
function humanizerRows(detector: Detector, scored: readonly TrainingText[], probs: readonly number[], quick: boolean): string[] {
  const human = probs.filter((_, i) => scored[i]?.label === 0 && isEssay(scored[i] as TrainingText));
  const sources = scored.filter((t) => t.label === 1 && isEssay(t) && !t.attack).filter((t) => fnv1a(`hum:${t.text}`) % (quick ? 16 : 4) === 0);
  const lines = ['Our humanizer (server/engines/humanizer as it is now; never trained on): held-out plain machine essays, before and after.', '', '| | texts | AUROC vs human essays | TPR@1%FPR | flagged |', '|---|---:|---:|---:|---:|'];
  const before = sources.map((t) => detector.detect(t.text).probability);
  const row = (name: string, p: number[]) => lines.push(`| ${name} | ${p.length} | ${auroc(human, p).toFixed(3)} | ${pct(tprAtFpr(human, p, 0.01))} | ${pct(rateAtOrAbove(p, detector.file.threshold))} |`);
  row('plain machine (the inputs)', before);
  for (const ultra of [false, true]) {
    const after: number[] = [];
    for (const t of sources) {
      try {
        const out = humanize(t.text, { ultra, seed: fnv1a(t.text) }).text;
        const r = detector.detect(out);
        if (r.qualifies) after.push(r.probability);
      } catch {
        // A text the humanizer refuses is left out of its row.
      }
    }
    row(ultra ? 'humanized, Ultra' : 'humanized, normal', after);
  }
  return lines;
}

/** Figures of the paraphrase classifier on held-out machine texts rewritten by the humanizer as it is now. */
function paraphraseFigures(detector: Detector, heldOut: readonly TrainingText[]): string[] {
  const lines = ['### Paraphrase classifier', ''];
  const size = statSync(PARAPHRASE_MODEL_PATH).size;
  const t0 = performance.now();
  const scorer = new ParaphraseScorer(JSON.parse(readFileSync(PARAPHRASE_MODEL_PATH, 'utf8')) as ParaphraseFile, detector);
  const loadMs = performance.now() - t0;
  const sentences = (t: string) => segmentText(t).filter((s) => s.qualifies).map((s) => s.text);
  const plain: string[] = [];
  const rewritten: string[] = [];
  let failed = 0;
  for (const e of heldOut) {
    if (e.label !== 1 || isEssay(e)) continue;
    const h = fnv1a(e.text);
    let out: string;
    try {
      out = humanize(e.text, { ultra: (h >>> 8) % 2 === 1, seed: h }).text;
    } catch {
      failed++;
      continue;
    }
    const original = sentences(e.text);
    const seen = new Set(original);
    plain.push(...original);
    rewritten.push(...sentences(out).filter((s) => !seen.has(s)));
  }
  const t1 = performance.now();
  const p = plain.map((s) => scorer.score(s));
  const r = rewritten.map((s) => scorer.score(s));
  const seconds = (performance.now() - t1) / 1000;
  const words = [...plain, ...rewritten].reduce((n, s) => n + s.split(/\s+/).length, 0);
  lines.push(
    `Model ${scorer.file.version} (trained on humanizer outputs ${scorer.file.humanizer}): ${(size / 1024 / 1024).toFixed(2)} MB, load ${loadMs.toFixed(0)} ms; ${Math.round(words / seconds).toLocaleString('en-US')} words/s sentence by sentence.`,
    '',
    `Held-out prompts of ../shared/datasets/detector, machine texts rewritten by the humanizer as it is now${failed ? ` (it failed on ${failed})` : ''}: ${rewritten.length} sentences it changed against ${plain.length} plain machine sentences.`,
    '',
    '| AUROC | changed sentences ≥ 0.5 | plain machine sentences ≥ 0.5 |',
    '|---:|---:|---:|',
    `| ${auroc(p, r).toFixed(3)} | ${pct(rateAtOrAbove(r, 0.5))} | ${pct(rateAtOrAbove(p, 0.5))} |`,
  );
  return lines;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  for (const line of await detectorEngineFigures()) console.log(line);
}

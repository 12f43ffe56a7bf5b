/**
 * The AI detector's and the Turnitin-style report's shapes and rules, shared by
 * the server and the pages (spec §3 order types 8 and 13, §7 /api/aiDetect, /api/turnitinReport).
 */

import { countWords } from './word-count.ts';

/**
 * The one line every figure is read against: a text whose AI score reaches it is flagged "Likely AI-written", and a
 * sentence whose score reaches it is highlighted "Likely AI" and counted in the AI share. The detector's scores are
 * calibrated so that this line is its default threshold (at most 1% of human essays of each writer group reach it
 * out of fold; docs/decisions/0017), so the gauge, the heading, the share, the highlights and the report agree.
 */
export const aiLine = 0.5;

/** Sentence score bands for the highlights and their legend: "Likely AI" from the AI line, "Possibly AI" below it. */
export const scoreBands = { likelyAi: aiLine, possiblyAi: 0.25 } as const;
export type ScoreBand = 'likelyAi' | 'possiblyAi' | 'human';

export function bandOf(score: number): ScoreBand {
  return score >= scoreBands.likelyAi ? 'likelyAi' : score >= scoreBands.possiblyAi ? 'possiblyAi' : 'human';
}

/**
 * A 0..1 score as the whole percent shown to people. Rounded down, so that the figure shown reaches 50 exactly when
 * the score reaches the AI line (a rounded 49.6 would read "50%" beside "Likely human-written").
 */
export function scorePercent(score: number): number {
  return Math.max(0, Math.min(100, Math.floor(score * 100 + 1e-9)));
}

/**
 * The AI share as the whole percent shown: a flagged text never reads "0%" (one short flagged sentence in a long
 * essay is under half a percent), and nothing unflagged reads above 0.
 */
export function sharePercent(aiPercent: number): number {
  if (aiPercent <= 0) return 0;
  return Math.min(100, Math.max(1, Math.round(aiPercent)));
}

/** The document verdict, read from the AI score alone. */
export type Verdict = 'ai' | 'human' | 'none';

export function verdictOf(detection: Pick<Detection, 'qualifies' | 'probability'>): Verdict {
  if (!detection.qualifies) return 'none';
  return detection.probability >= aiLine ? 'ai' : 'human';
}

/** Sentence counts per band and the AI share, computed from the sentence scores in one place. */
export interface DetectionSummary {
  counts: Record<ScoreBand, number>;
  /** Share of the qualifying words in "Likely AI" sentences, 0..100 (one decimal). */
  aiPercent: number;
  /** Whether each sentence is highlighted "Likely AI" (counted in the share and marked in the report). */
  flagged: boolean[];
}

/**
 * What the page and the report show from a detection's sentences: the band counts, the AI share and the flagged
 * sentences. Words are counted as everywhere else (`countWords`).
 */
export function summariseSentences(text: string, qualifies: boolean, sentences: readonly DetectedSentence[]): DetectionSummary {
  const counts: Record<ScoreBand, number> = { likelyAi: 0, possiblyAi: 0, human: 0 };
  let words = 0;
  let aiWords = 0;
  const flagged = sentences.map((s) => {
    if (!qualifies || !s.qualifies) return false;
    const band = bandOf(s.score);
    counts[band]++;
    const n = countWords(text.slice(s.start, s.end));
    words += n;
    if (band === 'likelyAi') aiWords += n;
    return band === 'likelyAi';
  });
  return { counts, aiPercent: words > 0 ? Math.round((aiWords / words) * 1000) / 10 : 0, flagged };
}

/** One sentence of a detection, by its offsets into the checked text. */
export interface DetectedSentence {
  start: number;
  end: number;
  score: number;
  qualifies: boolean;
}

/** /api/aiDetect's `data`: the overall figure, every sentence's score and the counts. */
export interface Detection {
  text: string;
  qualifies: boolean;
  reason: 'tooShort' | 'notProse' | null;
  /**
   * The AI score, 0..1: calibrated so that the AI line (0.5) is the default threshold. The verdict, the gauge and the
   * report are all read from it.
   */
  probability: number;
  /** Share of the qualifying words in "Likely AI" sentences, 0..100 (`summariseSentences`). */
  aiPercent: number;
  isAi: boolean;
  wordCount: number;
  qualifyingWordCount: number;
  sentences: DetectedSentence[];
  counts: Record<ScoreBand, number>;
  modelVersion: string;
  /** True when the transformer of detector v4 was absent and v3 answered alone (the page says so). */
  degraded?: boolean;
}

/**
 * The report's rule for low scores, as Turnitin does: from 1% to 19% the
 * figure shows as "*%" and nothing is highlighted, because false positives
 * are more common there.
 */
export const reportRules = { hideBelowPercent: 20 } as const;

/** A highlight class in the report: AI-generated, or AI-generated then paraphrased by a tool. */
export type ReportClass = 'ai' | 'aiParaphrased';

export interface ReportSentence {
  start: number;
  end: number;
  kind: ReportClass | null;
}

/** /api/turnitinReport's `data` and the shared report page's content. */
export interface Report {
  submissionId: string;
  submittedAt: string;
  fileName: string | null;
  wordCount: number;
  qualifyingWordCount: number;
  qualifies: boolean;
  reason: 'tooShort' | 'notProse' | null;
  /** 0..100; what the report shows is `displayPercent`. */
  aiPercent: number;
  /** "0%", "*%" (1–19) or "42%". */
  displayPercent: string;
  highlightsShown: boolean;
  /** Parts of aiPercent by class, 0..100. */
  aiOnlyPercent: number;
  paraphrasedPercent: number;
  text: string;
  sentences: ReportSentence[];
  modelVersion: string;
  /** True when the transformer of detector v4 was absent and v3 answered alone (the report says so). */
  degraded?: boolean;
}

/** The figure as the report shows it. */
export function displayPercent(aiPercent: number): { text: string; highlightsShown: boolean } {
  const rounded = Math.round(aiPercent);
  if (rounded === 0) return { text: '0%', highlightsShown: false };
  if (rounded < reportRules.hideBelowPercent) return { text: '*%', highlightsShown: false };
  return { text: `${rounded}%`, highlightsShown: true };
}

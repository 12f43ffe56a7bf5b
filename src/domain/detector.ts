/**
 * The AI detector's and the Turnitin-style report's shapes and rules, shared by
 * the server and the pages (spec §3 order types 8 and 13, §7 /api/aiDetect, /api/turnitinReport).
 */

/** Sentence score bands for the highlights and their legend. */
export const scoreBands = { likelyAi: 0.8, possiblyAi: 0.5 } as const;
export type ScoreBand = 'likelyAi' | 'possiblyAi' | 'human';

export function bandOf(score: number): ScoreBand {
  return score >= scoreBands.likelyAi ? 'likelyAi' : score >= scoreBands.possiblyAi ? 'possiblyAi' : 'human';
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
  /** Calibrated probability that the text is AI-written, 0..1. */
  probability: number;
  /** Share of the qualifying words in sentences judged AI, 0..100. */
  aiPercent: number;
  isAi: boolean;
  wordCount: number;
  qualifyingWordCount: number;
  sentences: DetectedSentence[];
  counts: Record<ScoreBand, number>;
  modelVersion: string;
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
}

/** The figure as the report shows it. */
export function displayPercent(aiPercent: number): { text: string; highlightsShown: boolean } {
  const rounded = Math.round(aiPercent);
  if (rounded === 0) return { text: '0%', highlightsShown: false };
  if (rounded < reportRules.hideBelowPercent) return { text: '*%', highlightsShown: false };
  return { text: `${rounded}%`, highlightsShown: true };
}

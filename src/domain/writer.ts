/**
 * The AI writer (spec §2 AIWriter, §3 order type 11): what a user asks for and
 * what a run answers, shared by the island and the server. Without a language
 * model the answer is an honest outline, never prose.
 */

export const essayTypes = ['argumentative', 'persuasive', 'expository', 'compareContrast', 'causeEffect'] as const;
export type EssayType = (typeof essayTypes)[number];

/** Target length in words. */
export const writerLength = { min: 150, max: 3000, default: 600 } as const;
/** Outline points and sources: at most this many lines, each at most this long. */
export const writerLimits = { outline: 12, outlineLength: 300, sources: 15, sourceLength: 500 } as const;

/** What a user asks of one run; the topic is the order's content, the rest its extraInfo. */
export interface WriterRequest {
  essayType: EssayType;
  length: number;
  outline: string[];
  sources: string[];
}

/** Lines of a text area: trimmed, non-empty, within the limits. */
export function linesOf(input: string, max: number, length: number): string[] {
  return input
    .split(/\r?\n/)
    .map((line) => line.trim().slice(0, length))
    .filter(Boolean)
    .slice(0, max);
}

export type SectionRole = 'introduction' | 'claim' | 'counterargument' | 'conclusion';

/** One part of the essay's structure. */
export interface WriterSection {
  role: SectionRole;
  /** 1-based number of a body claim. */
  index?: number;
  /** The user's own outline point for this part, verbatim, if any. */
  point: string | null;
  /** Indexes into `sources` (0-based) that support this part. */
  sources: number[];
  /** The share of the target length this part should take, in words. */
  words: number;
}

/** Why there is no prose: no model configured, or (results stored before citations were checked one by one) the model's answer was refused. */
export type WriterNote = 'noLlm' | 'llmRefused';

/**
 * What the reference checker did to one citation of the draft before it was shown: taken out because it matches
 * none of the user's sources (another number, an author or year of its own), or kept and marked because the source it
 * cites was not found in Crossref/OpenAlex, is retracted, or differs from the published record.
 */
export interface WriterCitationNote {
  reason: 'notASource' | 'yearMismatch' | 'authorMismatch' | 'sourceNotFound' | 'sourceRetracted' | 'sourceConflict';
  /** The citation as the model wrote it ("(Miller, 2021)", "[3]"); for a source note, "[n]". */
  cite: string;
  /** The user's source concerned (1-based), if any. */
  source: number | null;
  /** True when the citation was taken out of the text; false when it stays, marked. */
  removed: boolean;
}

/** The reference checker's verdict on one of the user's sources (online when lookups are configured). */
export interface WriterSourceCheck {
  verdict: 'verified' | 'conflict' | 'notFound' | 'retracted' | 'unchecked';
}

/** The stored result of a run (the order's result `format`). */
export interface WriterPlan {
  topic: string;
  essayType: EssayType;
  length: number;
  sources: string[];
  sections: WriterSection[];
  backend: 'offline' | 'llm';
  /** The drafted paragraphs (LLM only); citations in them are [n] into `sources` (1-based), each checked. */
  draft: string[] | null;
  note: WriterNote | null;
  /** Citations the reference checker removed or marked (LLM drafts since citations are checked one by one). */
  citationNotes?: WriterCitationNote[];
  /** The reference checker's verdict on each source, in order (LLM drafts). */
  sourceChecks?: WriterSourceCheck[];
}

/** The draft so far while the model writes (streamed): paragraphs already checked, as the finished draft would show them. */
export interface WriterPartial {
  draft: string[];
  citationNotes: WriterCitationNote[];
}

/** POST /api/aiWrite: the order's run; `data` stays null while it is pending, so the page polls. */
export interface WriterAnswer {
  orderNo: string;
  status: number;
  data: WriterPlan | null;
  /** While the run writes: the checked draft so far (null before the first words, and once `data` is in). */
  partial: WriterPartial | null;
  rawInputData: string;
}

/**
 * The essay rewriter's modes, settings and result format (spec §3 order type 9,
 * §7 /api/copyRewrite), shared by the island and the server.
 */
import type { ChangeKind } from './humanizer.ts';

/** Modes the offline engine runs (server/engines/rewriter). */
export const offlineRewriteModes = ['standard', 'fluent', 'formal', 'simple', 'shorten'] as const;
/** Modes that must invent content: offered only when the LLM backend is configured. */
export const llmRewriteModes = ['expand', 'creative'] as const;
export const rewriteModes = [...offlineRewriteModes, ...llmRewriteModes] as const;
export type RewriteMode = (typeof rewriteModes)[number];

export const isLlmMode = (mode: RewriteMode): boolean => (llmRewriteModes as readonly string[]).includes(mode);

/** "How much to change": 1 (light touch) to 5 (rewrite every sentence, twice). */
export const rewriteStrength = { min: 1, max: 5, default: 3 } as const;

/** Frozen words: at most this many, each at most this long. */
export const frozenLimits = { count: 30, length: 60 } as const;

/** What a user asks of one run; stored in the order's extraInfo. */
export interface RewriteSettings {
  mode: RewriteMode;
  strength: number;
  frozen: string[];
}

export const defaultRewriteSettings: RewriteSettings = { mode: 'standard', strength: rewriteStrength.default, frozen: [] };

/** Frozen words from what the user typed: comma- or newline-separated, trimmed, no duplicates, within the limits. */
export function parseFrozen(input: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const part of input.split(/[,\n;]/)) {
    const word = part.trim().slice(0, frozenLimits.length);
    if (!word || seen.has(word.toLowerCase())) continue;
    seen.add(word.toLowerCase());
    out.push(word);
    if (out.length === frozenLimits.count) break;
  }
  return out;
}

/** A piece of a rewritten paragraph; unchanged text has no `change`. */
export interface RewriteSegment {
  text: string;
  change?: ChangeKind;
}

/** Figures of one run: how much it changed and how the text reads. */
export interface RewriteStats {
  words: number;
  outputWords: number;
  /** Share of the source's words that are no longer there (0–1). */
  changedShare: number;
  sentences: number;
  outputSentences: number;
}

/** The stored result of a run (the order's result `format`). */
export interface RewriteView {
  mode: RewriteMode;
  strength: number;
  frozen: string[];
  backend: 'offline' | 'llm';
  /** One entry per source paragraph; the texts of an entry concatenate to that output paragraph. */
  paragraphs: RewriteSegment[][];
  stats: RewriteStats;
}

/** POST /api/copyRewrite: the order's run; `data` stays null while it is pending, so the page polls. */
export interface RewriteAnswer {
  orderNo: string;
  status: number;
  data: RewriteView | null;
  dataWithoutFormat: string | null;
  rawInputData: string;
}

/** GET /api/copyRewrite/modes: which modes this installation offers. */
export interface RewriteModesAnswer {
  modes: RewriteMode[];
}

/**
 * GET /api/engines (public): what the tools can do on this installation, asked by the static pages before a run so
 * that a degraded engine is said beforehand (issue 30) — one answer for all of them (issue 31; it replaced four
 * endpoints, one per tool).
 */
export interface EngineStatus {
  /** A language model writes the humanizer's versions (and the rewriter's Expand and Creative); else light mode. */
  humanizer: { model: boolean };
  /** The AI writer drafts (an LLM endpoint is configured); else it gives the outline, free. */
  writer: { llm: boolean };
  /** The reference checker looks references up online; else its offline checks only. */
  references: { online: boolean };
  /** Documents in the plagiarism library, and whether the web is searched too. */
  plagiarism: { documents: number; web: boolean };
}

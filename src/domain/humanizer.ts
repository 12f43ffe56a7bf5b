/**
 * The humanizer's constants and its document format, shared by the editor
 * island and the server (spec §3 result version, §9 constants).
 */

/** Spec §9: re-humanize versions per payment, poll interval, sample delay, lazy-load timeout, feedback debounce. */
export const humanizerLimits = {
  maxVersions: 5,
  pollMs: 1000,
  sampleDelayMs: { min: 2000, max: 12000 },
  editorIdleTimeoutMs: 10_000,
  feedbackDebounceMs: 1000,
  uploadMaxBytes: 10 * 1024 * 1024,
} as const;

/** Spec §3 rating: thumbs up is 5, thumbs down is 1. */
export const Rating = { UP: 5, DOWN: 1 } as const;

/** Upload types the editor accepts (spec §5), by extension and MIME type. */
export const uploadTypes = {
  pdf: ['application/pdf'],
  docx: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  doc: ['application/msword'],
} as const;
export type UploadKind = keyof typeof uploadTypes;

/** The upload kind of a file by its name or MIME type; undefined for anything else (spec §5 accept filter). */
export function uploadKindOf(name: string, mime: string | undefined): UploadKind | undefined {
  const ext = name.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1];
  for (const kind of Object.keys(uploadTypes) as UploadKind[]) {
    if (ext === kind || (mime && (uploadTypes[kind] as readonly string[]).includes(mime))) return kind;
  }
  return undefined;
}

/** A change mark in a result: "added change" or "edited part" (spec §2 legends). */
export type ChangeKind = 'added' | 'edited';

/** The editor's document (a Tiptap/ProseMirror JSON subset: paragraphs of text with an optional change mark). */
export interface DocText {
  type: 'text';
  text: string;
  marks?: { type: 'change'; attrs: { kind: ChangeKind } }[];
}
export interface DocParagraph {
  type: 'paragraph';
  content?: DocText[];
}
export interface Doc {
  type: 'doc';
  content: DocParagraph[];
}

/** Plain text from a document: one line per paragraph. */
export function docToText(doc: Doc): string {
  return doc.content.map((p) => (p.content ?? []).map((t) => t.text).join('')).join('\n');
}

/**
 * Text for the clipboard from plain text (one line per paragraph): paragraphs separated by a blank line, as the
 * source was written, so a pasted result keeps its paragraphs in any editor (single newlines often merge them).
 */
export function clipboardText(plain: string): string {
  return plain
    .replace(/\r\n?/g, '\n')
    .split(/\n+/)
    .map((line) => line.trim())
    .filter(Boolean)
    .join('\n\n');
}

/** A document from plain text: one paragraph per non-empty line. */
export function textToDoc(text: string): Doc {
  const lines = text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  return { type: 'doc', content: lines.map((line) => ({ type: 'paragraph', content: [{ type: 'text', text: line }] })) };
}

/** A document from an engine's paragraphs of segments, keeping each change as a mark. */
export function segmentsToDoc(paragraphs: { text: string; change?: ChangeKind }[][]): Doc {
  return {
    type: 'doc',
    content: paragraphs.map((segments) => {
      const content = segments
        .filter((s) => s.text.length > 0)
        .map((s): DocText => (s.change ? { type: 'text', text: s.text, marks: [{ type: 'change', attrs: { kind: s.change } }] } : { type: 'text', text: s.text }));
      return content.length ? { type: 'paragraph', content } : { type: 'paragraph' };
    }),
  };
}

/** The answer of POST /api/humanizer (spec §7): `data` stays null until the run is done. */
export interface HumanizerResult {
  orderNo: string;
  status: number;
  data: Doc | null;
  dataWithoutFormat: string | null;
  rawInputData: Doc | null;
  orderGroup: string[];
  isUltra: boolean;
  rating: number | null;
  /** Percent of the run done (0–100): rises while an LLM-backed run works through the paragraphs; 100 once done. */
  progress: number;
  /** Who wrote the version: the language model, the rules alone (the light mode), or both; null before it is done. */
  engine: HumanizerEngine | null;
}

/** Who wrote a humanizer version (the result says so, issue 27). */
export type HumanizerEngine = 'model' | 'rules' | 'mixed';

/** The engine of a stored run (`humanizer-llm`, `humanizer-mixed`, `humanizer-offline`) as the result names it. */
export function humanizerEngineOf(engine: string | null | undefined): HumanizerEngine | null {
  if (engine === 'humanizer-llm') return 'model';
  if (engine === 'humanizer-mixed') return 'mixed';
  if (engine === 'humanizer-offline') return 'rules';
  return null;
}

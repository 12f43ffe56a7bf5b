/**
 * The essay editor's document logic, on ProseMirror's model (no DOM): paragraphs
 * and their positions, the selection a tool runs on, where a result goes back,
 * and the decorations that underline grammar suggestions and mark the sentences
 * the detector flags. Decorations are view-only: they never reach the saved text.
 */
import { Extension } from '@tiptap/core';
import type { Node as PmNode } from '@tiptap/pm/model';
import { Plugin, PluginKey, type EditorState, type Transaction } from '@tiptap/pm/state';
import { Decoration, DecorationSet } from '@tiptap/pm/view';
import type { Target } from '../../stores/editor.ts';

/** A paragraph's text and the position of its first character. */
export interface Paragraph {
  text: string;
  pos: number;
}

export function paragraphsOf(doc: PmNode): Paragraph[] {
  const out: Paragraph[] = [];
  doc.forEach((node, offset) => {
    if (node.isTextblock) out.push({ text: node.textContent, pos: offset + 1 });
  });
  return out;
}

/** The document's text: one line per paragraph (what is saved and what a tool gets). */
export const docText = (doc: PmNode): string => doc.textBetween(0, doc.content.size, '\n');

/** The selection as a tool's target, or null when nothing is selected. */
export function selectionOf(state: EditorState): { from: number; to: number; text: string } | null {
  const { from, to, empty } = state.selection;
  if (empty) return null;
  return { from, to, text: state.doc.textBetween(from, to, '\n') };
}

/** The document position of a character offset in `docText` (lines joined by '\n'). */
export function posAtOffset(paragraphs: readonly Paragraph[], offset: number): number {
  let start = 0;
  for (const p of paragraphs) {
    const end = start + p.text.length;
    if (offset <= end) return p.pos + Math.max(0, offset - start);
    start = end + 1;
  }
  const last = paragraphs.at(-1);
  return last ? last.pos + last.text.length : 0;
}

/**
 * Where a result goes back: the target's range if it still holds the same text, else the same text found
 * elsewhere (the user typed above it), else null (it was edited: the result is not applied blindly).
 */
export function locateTarget(doc: PmNode, target: Target): { from: number; to: number } | null {
  if (target.whole) return docText(doc) === target.text ? { from: 0, to: doc.content.size } : null;
  const size = doc.content.size;
  if (target.to <= size && doc.textBetween(target.from, target.to, '\n') === target.text) return { from: target.from, to: target.to };
  const text = docText(doc);
  const at = text.indexOf(target.text);
  if (at < 0 || text.indexOf(target.text, at + 1) >= 0) return null;
  const paragraphs = paragraphsOf(doc);
  return { from: posAtOffset(paragraphs, at), to: posAtOffset(paragraphs, at + target.text.length) };
}

/** The content that replaces a range: one paragraph per line, or plain text inside a paragraph. */
export function replacementContent(text: string, inline: boolean): unknown {
  const lines = text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  if (inline && lines.length <= 1) return lines[0] ?? '';
  return lines.map((line) => ({ type: 'paragraph', content: [{ type: 'text', text: line }] }));
}

/** Whether a range lies inside one paragraph (a result then goes in as text, keeping the paragraph). */
export function withinOneParagraph(doc: PmNode, from: number, to: number): boolean {
  const a = doc.resolve(from);
  const b = doc.resolve(to);
  return a.parent.isTextblock && a.sameParent(b);
}

/** The sentences to mark: each flagged sentence's range, found in the target's part of the document. */
export function sentenceRanges(doc: PmNode, range: { from: number; to: number }, sentences: readonly { text: string }[]): { from: number; to: number }[] {
  const paragraphs = paragraphsOf(doc);
  const text = docText(doc);
  const out: { from: number; to: number }[] = [];
  let searchFrom = 0;
  for (const s of sentences) {
    const at = text.indexOf(s.text, searchFrom);
    const found = at >= 0 ? at : text.indexOf(s.text);
    if (found < 0) continue;
    const from = posAtOffset(paragraphs, found);
    const to = posAtOffset(paragraphs, found + s.text.length);
    if (from >= range.from && to <= range.to) out.push({ from, to });
    searchFrom = found + s.text.length;
  }
  return out;
}

// ——— Decorations ———

/** An underline: a grammar suggestion (`lint`, its id) or a flagged sentence (`ai`). */
export interface Highlight {
  from: number;
  to: number;
  kind: 'lint' | 'ai';
  id?: string;
  /** The suggestion's category (for the underline's colour). */
  category?: string;
}

export const highlightKey = new PluginKey<DecorationSet>('inkwise-highlights');

/** Sets the highlights of one kind (the other kind stays). */
export function setHighlights(tr: Transaction, kind: Highlight['kind'], highlights: readonly Highlight[]): Transaction {
  return tr.setMeta(highlightKey, { kind, highlights });
}

function decorationFor(h: Highlight): Decoration {
  if (h.kind === 'ai') return Decoration.inline(h.from, h.to, { class: 'ed-ai' }, { kind: 'ai' });
  return Decoration.inline(h.from, h.to, { class: `ed-lint ed-lint-${h.category === 'Spelling' || h.category === 'Typo' ? 'spelling' : 'grammar'}`, 'data-lint': h.id ?? '' }, { kind: 'lint', id: h.id });
}

/** The highlights currently shown of one kind, with their positions after every edit since. */
export function highlightsOf(state: EditorState, kind: Highlight['kind']): { from: number; to: number; id?: string }[] {
  const set = highlightKey.getState(state);
  if (!set) return [];
  return set.find(undefined, undefined, (spec) => spec.kind === kind).map((d) => ({ from: d.from, to: d.to, id: (d.spec as { id?: string }).id }));
}

/** The Tiptap extension that holds and maps the highlights. */
export const Highlights = Extension.create({
  name: 'inkwiseHighlights',
  addProseMirrorPlugins() {
    return [
      new Plugin<DecorationSet>({
        key: highlightKey,
        state: {
          init: () => DecorationSet.empty,
          apply(tr, set) {
            let next = set.map(tr.mapping, tr.doc);
            const meta = tr.getMeta(highlightKey) as { kind: Highlight['kind']; highlights: Highlight[] } | undefined;
            if (meta) {
              const size = tr.doc.content.size;
              const keep = next.find(undefined, undefined, (spec) => spec.kind !== meta.kind);
              const fresh = meta.highlights.filter((h) => h.from < h.to && h.from >= 0 && h.to <= size).map(decorationFor);
              next = DecorationSet.create(tr.doc, [...keep, ...fresh]);
            }
            return next;
          },
        },
        props: {
          decorations(state) {
            return highlightKey.getState(state);
          },
        },
      }),
    ];
  },
});

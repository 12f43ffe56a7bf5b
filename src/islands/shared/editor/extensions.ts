/**
 * The editors' Tiptap extensions, defined once at module level: plain
 * paragraphs (essays, not layouts) and the engine's change marks.
 */
import { Mark, mergeAttributes } from '@tiptap/core';
import Document from '@tiptap/extension-document';
import Paragraph from '@tiptap/extension-paragraph';
import Text from '@tiptap/extension-text';
import { Dropcursor, UndoRedo } from '@tiptap/extensions';

/** The engine's change marks ("added change", "edited part") as an editor mark. */
const Change = Mark.create({
  name: 'change',
  addAttributes() {
    return {
      kind: {
        default: 'edited',
        parseHTML: (element: HTMLElement) => element.getAttribute('data-change'),
        renderHTML: (attributes: { kind: string }) => ({ 'data-change': attributes.kind, class: `hm-${attributes.kind}` }),
      },
    };
  },
  parseHTML() {
    return [{ tag: 'span[data-change]' }];
  },
  renderHTML({ HTMLAttributes }) {
    return ['span', mergeAttributes(HTMLAttributes), 0];
  },
});

/**
 * Plain paragraphs only (headings and lists paste as paragraphs), with undo and a drop cursor: the few
 * extensions an essay needs, not the starter kit (links, lists, code… would ship for nothing).
 */
const kit = [Document, Paragraph, Text, UndoRedo, Dropcursor];

/** The source editor's extensions. */
export const sourceExtensions = kit;
/** The result editor's extensions: the source's, plus the change marks. */
export const resultExtensions = [...kit, Change];

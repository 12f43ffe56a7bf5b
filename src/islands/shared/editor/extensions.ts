/**
 * The editors' Tiptap extensions, defined once at module level: plain
 * paragraphs (essays, not layouts) and the engine's change marks.
 */
import { Mark, mergeAttributes } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';

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

/** Plain paragraphs only (headings and lists paste as paragraphs). */
const kit = StarterKit.configure({
  heading: false,
  bulletList: false,
  orderedList: false,
  listItem: false,
  listKeymap: false,
  blockquote: false,
  codeBlock: false,
  horizontalRule: false,
  code: false,
  bold: false,
  italic: false,
  strike: false,
  underline: false,
  link: false,
});

/** The source editor's extensions. */
export const sourceExtensions = [kit];
/** The result editor's extensions: the source's, plus the change marks. */
export const resultExtensions = [kit, Change];

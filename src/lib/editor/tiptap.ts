import { Editor, Mark, mergeAttributes } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';
import type { Doc } from '../../domain/humanizer.ts';

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

/** Plain paragraphs only: essays, not layouts (headings and lists paste as paragraphs). */
const kit = StarterKit.configure({
  heading: false,
  bulletList: false,
  orderedList: false,
  listItem: false,
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

/** The source editor: editable text, plain paragraphs. */
export function sourceEditor(element: HTMLElement, label: string, describedBy: string | undefined, onChange: (text: string) => void): Editor {
  const attributes: Record<string, string> = { 'aria-label': label, 'aria-multiline': 'true', role: 'textbox', spellcheck: 'true' };
  if (describedBy) attributes['aria-describedby'] = describedBy;
  const editor = new Editor({
    element,
    extensions: [kit],
    editorProps: { attributes },
    onUpdate: ({ editor: e }) => onChange(e.getText({ blockSeparator: '\n' })),
  });
  return editor;
}

/** The target editor: the result with its marks, read-only. */
export function targetEditor(element: HTMLElement, label: string): Editor {
  return new Editor({
    element,
    editable: false,
    extensions: [kit, Change],
    editorProps: { attributes: { 'aria-label': label, 'aria-readonly': 'true', role: 'textbox', 'aria-multiline': 'true' } },
  });
}

export function setDoc(editor: Editor, doc: Doc | string): void {
  editor.commands.setContent(doc as never, { emitUpdate: true });
}

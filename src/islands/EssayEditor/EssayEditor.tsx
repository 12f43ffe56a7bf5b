/**
 * The essay editor (spec §2 AIEditor, issue 15, TOOL-06; docs/decisions/0024): a Tiptap document editor with
 * autosave to the user's documents (a visitor's draft stays in this browser), word count, offline grammar and
 * style suggestions from harper.js in a worker (loaded once the editor is idle), and the tools run on the whole
 * text or the selection, their results coming back into the document. State and runs live in
 * src/stores/editor.ts; the ProseMirror logic in ./document.ts.
 */
import { useStore } from '@nanostores/react';
import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { textToDoc } from '../../domain/humanizer.ts';
import { formatLocalDateTime } from '../../domain/dates.ts';
import { countWords } from '../../domain/word-count.ts';
import { type MessageParams } from '../../i18n/interpolate.ts';
import { translator } from '../shared/i18n.tsx';
import { createGrammarClient, type GrammarClient } from '../../lib/grammar/client.ts';
import { applyFix, type GrammarFix, type GrammarLint } from '../../lib/grammar/lints.ts';
import { redirectToSignup } from '../../lib/session.ts';
import {
  $conflict,
  $document,
  $documents,
  $documentsTotal,
  $localDraft,
  $toolRun,
  closeToolRun,
  createAutosave,
  deleteDocument,
  editorTools,
  isLoggedIn,
  loadDocuments,
  newDocument,
  openDocument,
  runTool,
  saveText,
  setToolProblem,
  targetOf,
  type EditorTool,
  type ToolProblem,
} from '../../stores/editor.ts';
import { $user } from '../../stores/user.ts';
import { Report } from '../ReferenceChecker/ReferenceChecker.tsx';
import { buttonClass } from '../shared/Button.tsx';
import { formatNumber, ltrIsolate } from '../shared/format.ts';
import { ConfirmDialog } from '../shared/ConfirmDialog.tsx';
import { sourceExtensions } from '../shared/editor/extensions.ts';
import { useHydrated } from '../shared/useHydrated.ts';
import { RunContinues } from '../shared/tool/RunBar.tsx';
import { docText, Highlights, highlightsOf, locateTarget, paragraphsOf, replacementContent, selectionOf, sentenceRanges, setHighlights, withinOneParagraph } from './document.ts';
import { grammarSupported, makeGrammarWorker } from './grammar-worker.ts';

export interface EssayEditorProps {
  messages: Readonly<Record<string, string>>;
  /** The page's language: Harper's own explanations are English, shown on English pages only. */
  lang: string;
  loginPath: string;
  pricingPath: string;
  /** The history page, where a paid tool run the page lost will show its result. */
  historyPath?: string;
}

type T = (key: string, params?: MessageParams) => string;

/** Suggestions wait for typing to pause this long (ms). */
const lintDebounceMs = 500;
/** The worker starts this long after the editor is ready, when the browser is idle (spec §9: late, never at load). */
const grammarIdleMs = 1500;

/** Harper's categories in six groups the page names. */
const kindGroup: Record<string, string> = {
  Spelling: 'spelling',
  Typo: 'spelling',
  Agreement: 'grammar',
  Grammar: 'grammar',
  WordOrder: 'grammar',
  BoundaryError: 'grammar',
  Malapropism: 'grammar',
  Eggcorn: 'grammar',
  Nonstandard: 'grammar',
  Punctuation: 'punctuation',
  Capitalization: 'punctuation',
  Formatting: 'punctuation',
  WordChoice: 'wordChoice',
  Usage: 'wordChoice',
  Regionalism: 'wordChoice',
  Style: 'style',
  Readability: 'style',
  Redundancy: 'style',
  Repetition: 'style',
  Enhancement: 'style',
};
const groupOf = (kind: string) => kindGroup[kind] ?? 'other';

/** A suggestion placed in the document. */
interface PlacedLint extends GrammarLint {
  id: string;
  from: number;
  to: number;
  /** The paragraph's position and text when it was linted (a fix is applied to that text). */
  paragraphPos: number;
  paragraphText: string;
}

const ignoreKey = (l: GrammarLint) => `${l.kind}|${l.problem}|${l.message}`;

function problemText(t: T, problem: ToolProblem): string {
  return 'key' in problem ? t(problem.key, problem.params) : problem.message;
}

function fixLabel(t: T, lint: GrammarLint, fix: GrammarFix): string {
  if (fix.kind === 'remove') return t('editor.grammar.remove', { text: lint.problem });
  if (fix.kind === 'insertAfter') return t('editor.grammar.insert', { text: fix.text });
  return t('editor.grammar.apply', { text: fix.text });
}

export function EssayEditor({ messages, lang, loginPath, pricingPath, historyPath }: EssayEditorProps) {
  const t: T = useMemo(() => translator(messages), [messages]);
  const id = useId();
  const hydrated = useHydrated();
  const user = useStore($user);
  const loggedIn = hydrated && Boolean(user.isLoginUser && user.accessToken);
  const documents = useStore($documents);
  const documentsTotal = useStore($documentsTotal);
  const conflict = useStore($conflict);
  const [deleting, setDeleting] = useState<{ id: string; title: string } | null>(null);
  const run = useStore($toolRun);
  const autosave = useMemo(() => createAutosave(saveText), []);
  const saveState = useStore(autosave.$state);
  const refusal = useStore(autosave.$refusal);
  const [words, setWords] = useState(0);
  const [hasSelection, setHasSelection] = useState(false);
  const [lints, setLints] = useState<PlacedLint[]>([]);
  const [grammar, setGrammar] = useState<'off' | 'loading' | 'ready' | 'unavailable'>('off');
  const [openLint, setOpenLint] = useState<string | null>(null);
  const [popoverAt, setPopoverAt] = useState<{ top: number; left: number } | null>(null);
  const [applied, setApplied] = useState(false);
  const ignored = useRef(new Set<string>());
  const client = useRef<GrammarClient | null>(null);
  const lintTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const lintSeq = useRef(0);
  const frame = useRef<HTMLDivElement>(null);
  const popoverRef = useRef<HTMLDivElement>(null);
  /** The suggestion list opened a popover: its first button takes the focus once it is shown. */
  const focusPopover = useRef(false);
  /** The suggestion in the list that opened the popover, where Escape puts the focus back (none when the caret opened it). */
  const popoverOpener = useRef<HTMLElement | null>(null);
  const labelId = `${id}-label`;
  const placeholderId = `${id}-placeholder`;

  const placeLints = useCallback((editor: Editor, all: GrammarLint[][], paragraphs: { text: string; pos: number }[]) => {
    const placed: PlacedLint[] = [];
    all.forEach((list, i) => {
      const p = paragraphs[i]!;
      list.forEach((l, j) => {
        if (ignored.current.has(ignoreKey(l))) return;
        placed.push({ ...l, id: `${p.pos}-${j}-${l.start}`, from: p.pos + l.start, to: p.pos + l.end, paragraphPos: p.pos, paragraphText: p.text });
      });
    });
    setLints(placed);
    editor.view.dispatch(setHighlights(editor.state.tr, 'lint', placed.map((l) => ({ from: l.from, to: l.to, kind: 'lint', id: l.id, category: l.kind }))));
  }, []);

  const lintNow = useCallback(
    async (editor: Editor) => {
      if (!client.current) return;
      const seq = ++lintSeq.current;
      const paragraphs = paragraphsOf(editor.state.doc);
      try {
        const all = await client.current.lint(paragraphs.map((p) => p.text));
        if (seq !== lintSeq.current || editor.isDestroyed) return;
        setGrammar('ready');
        placeLints(editor, all, paragraphs);
      } catch (error) {
        console.info('grammar suggestions unavailable', error);
        if (seq === lintSeq.current) setGrammar('unavailable');
      }
    },
    [placeLints],
  );

  const scheduleLint = useCallback(
    (editor: Editor) => {
      clearTimeout(lintTimer.current);
      if (!client.current) return;
      lintTimer.current = setTimeout(() => void lintNow(editor), lintDebounceMs);
    },
    [lintNow],
  );

  // The browser's spell check helps until harper's suggestions are in; then it is off (no double underlines).
  const editorPropsFor = (browserSpellcheck: boolean) => ({
    attributes: {
      role: 'textbox',
      'aria-multiline': 'true',
      'aria-labelledby': labelId,
      'aria-describedby': placeholderId,
      spellcheck: browserSpellcheck ? 'true' : 'false',
      dir: 'auto',
    },
    handleKeyDown: (_view: unknown, event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpenLint(null);
      return false;
    },
  });

  const editor = useEditor({
    extensions: [...sourceExtensions, Highlights],
    immediatelyRender: false,
    shouldRerenderOnTransaction: false,
    // useEditor applies changed options on each render, so the spell check follows the grammar state.
    editorProps: editorPropsFor(grammar !== 'ready'),
    onUpdate: ({ editor: e }) => {
      const text = docText(e.state.doc);
      setWords(countWords(text));
      autosave.changed(text);
      setApplied(false);
      scheduleLint(e);
    },
    onSelectionUpdate: ({ editor: e }) => {
      setHasSelection(!e.state.selection.empty);
      // The caret inside an underlined word opens its suggestion.
      popoverOpener.current = null;
      const { from, empty } = e.state.selection;
      const hit = empty ? highlightsOf(e.state, 'lint').find((h) => from > h.from && from < h.to) : undefined;
      setOpenLint(hit?.id ?? null);
    },
  });

  // Puts text in without it counting as a change to save.
  const load = useCallback(
    (ed: Editor, text: string) => {
      ed.commands.setContent(textToDoc(text) as never, { emitUpdate: false });
      setWords(countWords(text));
      autosave.reset(text, isLoggedIn() ? 'saved' : text ? 'local' : 'idle');
      scheduleLint(ed);
    },
    [autosave, scheduleLint],
  );

  // Opens ?doc= (signed in), else a visitor's local draft.
  useEffect(() => {
    if (!editor) return;
    const docId = new URLSearchParams(location.search).get('doc');
    if (docId) {
      if (!isLoggedIn()) return redirectToSignup();
      openDocument(docId)
        .then((text) => load(editor, text))
        .catch((error: Error) => setToolProblem({ message: error.message }));
    } else {
      const draft = $localDraft.get();
      if (draft?.text) {
        load(editor, draft.text);
        // A visitor who signed in: the draft becomes their first saved document.
        if (isLoggedIn()) {
          autosave.reset(null);
          autosave.changed(draft.text);
        }
      } else if (isLoggedIn()) {
        // Opened from the menu (no ?doc=): go on with the latest document, as a writer expects, unless typing began.
        void loadDocuments().then(() => {
          const latest = $documents.get()[0];
          if (!latest || !editor.isEmpty || $document.get().id) return;
          // The address names it first, so the list (already fresh) is not asked for again when it opens.
          const url = new URL(location.href);
          url.searchParams.set('doc', latest.id);
          history.replaceState(history.state, '', url);
          openDocument(latest.id)
            .then((text) => {
              if (editor.isEmpty) load(editor, text);
              else newDocument();
            })
            .catch((error: Error) => setToolProblem({ message: error.message }));
        });
        return;
      }
    }
    void loadDocuments();
  }, [editor, load, autosave]);

  // The first save of a new document puts its id in the address, so a reload (and the history) reopens it.
  const doc = useStore($document);
  useEffect(() => {
    if (!doc.id) return;
    const url = new URL(location.href);
    if (url.searchParams.get('doc') === doc.id) return;
    url.searchParams.set('doc', doc.id);
    history.replaceState(history.state, '', url);
    void loadDocuments();
  }, [doc.id]);

  // Saves before the page goes, and as soon as the browser is back online.
  useEffect(() => {
    const flush = () => void autosave.flush();
    const hide = () => document.visibilityState === 'hidden' && flush();
    addEventListener('online', flush);
    addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', hide);
    return () => {
      removeEventListener('online', flush);
      removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', hide);
      autosave.dispose();
    };
  }, [autosave]);

  // The grammar worker starts once the editor is ready and the browser idle; it loads the WebAssembly then.
  useEffect(() => {
    if (!editor) return;
    if (!grammarSupported()) return setGrammar('unavailable');
    const start = () => {
      client.current = createGrammarClient(makeGrammarWorker);
      setGrammar('loading');
      void lintNow(editor);
    };
    const idle = typeof requestIdleCallback === 'function' ? requestIdleCallback(start, { timeout: grammarIdleMs * 4 }) : undefined;
    const timer = idle === undefined ? setTimeout(start, grammarIdleMs) : undefined;
    return () => {
      if (idle !== undefined) cancelIdleCallback(idle);
      clearTimeout(timer);
      clearTimeout(lintTimer.current);
      client.current?.dispose();
      client.current = null;
    };
  }, [editor, lintNow]);

  // Focus on the static frame moves into the editor when it arrives.
  useEffect(() => {
    if (editor && frame.current && frame.current.contains(document.activeElement) && !editor.isFocused) editor.commands.focus('end');
  }, [editor]);

  const current = lints.find((l) => l.id === openLint);

  // The popover sits under the underlined word, and follows it when the editor scrolls or the window resizes; once
  // the word has scrolled out of the editor's view, the popover closes (no popover pointing at nothing).
  useEffect(() => {
    const box = frame.current;
    if (!editor || !current || !box) return setPopoverAt(null);
    const place = () => {
      try {
        const at = editor.view.coordsAtPos(current.from);
        const view = box.getBoundingClientRect();
        if (view.height > 0 && (at.bottom < view.top || at.top > view.bottom)) {
          const hadFocus = popoverRef.current?.contains(document.activeElement);
          setOpenLint(null);
          if (hadFocus) editor.commands.focus();
          return;
        }
        setPopoverAt({ top: at.bottom - view.top + box.scrollTop + 4, left: Math.max(0, at.left - view.left) });
      } catch {
        setPopoverAt({ top: 0, left: 0 });
      }
    };
    place();
    let frameId = 0;
    const follow = () => {
      cancelAnimationFrame(frameId);
      frameId = requestAnimationFrame(place);
    };
    box.addEventListener('scroll', follow, { passive: true });
    addEventListener('resize', follow);
    return () => {
      cancelAnimationFrame(frameId);
      box.removeEventListener('scroll', follow);
      removeEventListener('resize', follow);
    };
  }, [editor, current]);

  function showLint(lint: PlacedLint, opener: HTMLElement) {
    if (!editor) return;
    editor.chain().setTextSelection(lint.from + (lint.to > lint.from + 1 ? 1 : 0)).run();
    setOpenLint(lint.id);
    focusPopover.current = true;
    popoverOpener.current = opener;
  }

  useEffect(() => {
    if (!popoverAt || !focusPopover.current) return;
    focusPopover.current = false;
    popoverRef.current?.querySelector('button')?.focus();
  }, [popoverAt]);

  function fix(lint: PlacedLint, choice: GrammarFix) {
    if (!editor) return;
    const para = paragraphsOf(editor.state.doc).find((p) => p.pos === lint.paragraphPos);
    // Applied only to the paragraph it was found in, as it was then; otherwise wait for the next lint.
    if (!para || para.text !== lint.paragraphText) return void lintNow(editor);
    const next = applyFix(para.text, lint, choice);
    editor
      .chain()
      .focus()
      .insertContentAt({ from: para.pos, to: para.pos + para.text.length }, next ? next : '')
      .setTextSelection(para.pos + Math.min(next.length, lint.start + (choice.kind === 'remove' ? 0 : choice.text.length) + (choice.kind === 'insertAfter' ? lint.end - lint.start : 0)))
      .run();
    setOpenLint(null);
  }

  function ignore(lint: PlacedLint) {
    if (!editor) return;
    ignored.current.add(ignoreKey(lint));
    const rest = lints.filter((l) => ignoreKey(l) !== ignoreKey(lint));
    setLints(rest);
    editor.view.dispatch(setHighlights(editor.state.tr, 'lint', rest.map((l) => ({ from: l.from, to: l.to, kind: 'lint', id: l.id, category: l.kind }))));
    setOpenLint(null);
    editor.commands.focus();
  }

  async function startTool(tool: EditorTool) {
    if (!editor) return;
    const state = editor.state;
    const target = targetOf({ text: docText(state.doc), size: state.doc.content.size }, selectionOf(state));
    editor.view.dispatch(setHighlights(editor.state.tr, 'ai', []));
    setApplied(false);
    if ((await runTool(tool, target)) === 'signup') {
      await autosave.flush();
      redirectToSignup();
    }
  }

  // Detection marks its sentences as soon as it is in.
  useEffect(() => {
    if (!editor || run.phase !== 'done' || run.result?.tool !== 'detect' || !run.target) return;
    const range = locateTarget(editor.state.doc, run.target) ?? { from: 0, to: editor.state.doc.content.size };
    const ranges = sentenceRanges(editor.state.doc, range, run.result.sentences);
    editor.view.dispatch(setHighlights(editor.state.tr, 'ai', ranges.map((r) => ({ ...r, kind: 'ai' }))));
  }, [editor, run]);

  function accept() {
    if (!editor || run.phase !== 'done' || !run.target || !run.result || (run.result.tool !== 'humanize' && run.result.tool !== 'rewrite')) return;
    const range = locateTarget(editor.state.doc, run.target);
    if (!range) return setToolProblem({ key: 'editor.result.stale' });
    const inline = !run.target.whole && withinOneParagraph(editor.state.doc, range.from, range.to);
    editor.chain().focus().insertContentAt(range, replacementContent(run.result.text, inline) as never).run();
    closeToolRun();
    setApplied(true);
  }

  /** Starts an empty, unsaved document (the next save creates it) and drops ?doc= from the address. */
  function startNewDocument(text = '') {
    newDocument();
    const url = new URL(location.href);
    url.searchParams.delete('doc');
    history.replaceState(history.state, '', url);
    if (editor && !text) load(editor, '');
    autosave.reset(null);
  }

  /** Another tab saved first: show its text here; the user's own stays one undo away. */
  async function loadNewer() {
    if (!editor || !conflict) return;
    try {
      const text = await openDocument(conflict.id);
      editor.commands.setContent(textToDoc(text) as never, { emitUpdate: false });
      setWords(countWords(text));
      autosave.reset(text, 'saved');
      scheduleLint(editor);
    } catch (error) {
      setToolProblem({ message: (error as Error).message });
    }
  }

  /** Another tab saved first: the user's text becomes a new document of its own, the other stays as it is. */
  function keepMine() {
    if (!editor) return;
    const text = docText(editor.state.doc);
    startNewDocument(text);
    autosave.changed(text);
    void autosave.flush();
  }

  function clearDetection() {
    editor?.view.dispatch(setHighlights(editor.state.tr, 'ai', []));
    closeToolRun();
  }

  const shownState = !loggedIn && saveState === 'saved' ? 'local' : saveState;
  const saveLabel = shownState === 'refused' ? (refusal ?? '') : shownState === 'idle' ? (loggedIn ? t('editor.save.idle') : '') : t(`editor.save.${shownState}`);
  const counts = lints.length;
  const loginHref = hydrated ? `${loginPath}?cb=${encodeURIComponent(location.pathname + location.search)}` : loginPath;
  const frameProps = editor ? {} : { role: 'textbox', tabIndex: 0, 'aria-multiline': true, 'aria-labelledby': labelId, 'aria-describedby': placeholderId };
  const result = run.result;

  return (
    <div className="grid gap-4" data-essay-editor data-hydrated={hydrated && editor ? "" : undefined}>
      <section className="flex flex-col rounded-2xl border border-slate-200 bg-white shadow-sm" aria-labelledby={labelId}>
        <header className="flex min-h-[3.25rem] flex-wrap items-center justify-between gap-2 border-b border-slate-100 px-4 py-2">
          <h2 id={labelId} className="text-sm font-semibold text-slate-800">
            {t('editor.label')}
          </h2>
          {/* On a phone the count, the save state and the button wrap as wholes: "0 / words" split over two lines read as two things. */}
          <div className="flex flex-wrap items-center justify-end gap-x-3 gap-y-1 text-sm text-slate-600">
            <span className="whitespace-nowrap" data-words>{t('editor.words', { count: formatNumber(lang, words) })}</span>
            <span role="status" aria-live="polite" className={`min-w-24 whitespace-nowrap ${saveState === 'offline' || saveState === 'refused' ? 'font-medium text-amber-800' : ''}`} data-save-state={shownState}>
              {saveLabel}
            </span>
            {loggedIn && (
              <button
                type="button"
                className={`${buttonClass.action} whitespace-nowrap`}
                onClick={() => {
                  void autosave.flush();
                  startNewDocument();
                  clearDetection();
                }}
              >
                {t('editor.newDocument')}
              </button>
            )}
          </div>
        </header>
        {conflict && (
          <div className="flex flex-wrap items-center gap-2 border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900" role="alert" data-conflict>
            <p className="basis-full font-medium">{t('editor.error.conflict')}</p>
            <p className="basis-full">{t('editor.conflict.message')}</p>
            <button type="button" className={buttonClass.action} onClick={() => void loadNewer()}>
              {t('editor.conflict.loadNewer')}
            </button>
            <button type="button" className={buttonClass.action} onClick={keepMine}>
              {t('editor.conflict.keepMine')}
            </button>
          </div>
        )}
        <div className="flex flex-wrap items-center gap-2 border-b border-slate-100 px-4 py-2" role="toolbar" aria-label={t('editor.toolsLabel')} aria-describedby={`${id}-scope`}>
          {editorTools.map((tool) => (
            <button key={tool} type="button" className={buttonClass.action} disabled={run.phase === 'running'} onClick={() => void startTool(tool)}>
              {t(`editor.tool.${tool}`)}
            </button>
          ))}
          <span id={`${id}-scope`} className="text-sm text-slate-600">
            {t(hasSelection ? 'editor.scope.selection' : 'editor.scope.whole')}
          </span>
        </div>
        <div className="grid md:grid-cols-[1fr_18rem]">
          <div className="relative focus-within:outline-3 focus-within:-outline-offset-3 focus-within:outline-brand-600">
            <div ref={frame} className="tool-editor relative h-[28rem] overflow-y-auto px-4 py-3 text-base leading-relaxed text-slate-900" data-source {...frameProps}>
              {editor && <EditorContent editor={editor} />}
              {current && popoverAt && (
                <div
                  ref={popoverRef}
                  role="group"
                  aria-label={t('editor.grammar.popover', { text: current.problem })}
                  className="absolute z-10 w-72 rounded-xl border border-slate-200 bg-white p-3 text-sm shadow-lg"
                  style={{ top: popoverAt.top, left: Math.min(popoverAt.left, 200) }}
                  data-lint-popover
                  onKeyDown={(event) => {
                    if (event.key === 'Escape') {
                      // Back to what opened it, as a disclosure does: the suggestion in the list, or else the text.
                      const opener = popoverOpener.current;
                      setOpenLint(null);
                      if (opener?.isConnected) opener.focus();
                      else editor?.commands.focus();
                    }
                  }}
                >
                  <p className="font-semibold text-slate-900">{t(`editor.kind.${groupOf(current.kind)}`)}</p>
                  {current.rule ? (
                    <p className="mt-1 text-slate-700">{t(`editor.rule.${current.rule}`)}</p>
                  ) : (
                    lang === 'en' && <p className="mt-1 text-slate-700">{current.message}</p>
                  )}
                  <div className="mt-2 flex flex-wrap gap-2">
                    {current.fixes.map((f, i) => (
                      <button key={i} type="button" className={buttonClass.action} onClick={() => fix(current, f)}>
                        <span dir="auto">{fixLabel(t, current, f)}</span>
                      </button>
                    ))}
                    <button type="button" className={buttonClass.ghost} onClick={() => ignore(current)}>
                      {t('editor.grammar.ignore')}
                    </button>
                  </div>
                </div>
              )}
            </div>
            <p id={placeholderId} className="pointer-events-none absolute top-3 left-4 text-slate-500" hidden={words > 0}>
              {t('editor.placeholder')}
            </p>
          </div>
          <aside className="border-t border-slate-100 p-4 md:border-t-0 md:border-l" aria-labelledby={`${id}-side`}>
            {run.phase === 'running' ? (
              <p id={`${id}-side`} role="status" className="font-medium text-slate-800">
                {t('editor.running', { tool: t(`editor.tool.${run.tool}`) })}
              </p>
            ) : result?.tool === 'humanize' || result?.tool === 'rewrite' ? (
              <div data-tool-result={result.tool}>
                <h3 id={`${id}-side`} className="font-semibold text-slate-900">
                  {t('editor.result.title', { tool: t(`editor.tool.${result.tool}`) })}
                </h3>
                <div className="mt-2 max-h-64 overflow-y-auto rounded-lg bg-slate-50 p-3 text-sm whitespace-pre-wrap" dir="auto" data-result-text>
                  {result.text}
                </div>
                <div className="mt-3 flex flex-wrap gap-2">
                  <button type="button" className={buttonClass.action} onClick={accept}>
                    {t(run.target?.whole ? 'editor.result.replaceAll' : 'editor.result.replaceSelection')}
                  </button>
                  <button type="button" className={buttonClass.ghost} onClick={closeToolRun}>
                    {t('editor.result.discard')}
                  </button>
                </div>
              </div>
            ) : result?.tool === 'detect' ? (
              <div data-tool-result="detect">
                <h3 id={`${id}-side`} className="font-semibold text-slate-900">
                  {t('editor.result.title', { tool: t('editor.tool.detect') })}
                </h3>
                {!result.qualifies ? (
                  <p className="mt-2 text-sm text-slate-700">{t('editor.detect.tooShort')}</p>
                ) : (
                  <>
                    <p className="mt-2 text-sm text-slate-800">{t('editor.detect.summary', { percent: Math.round(result.aiPercent) })}</p>
                    <p className="mt-1 text-sm text-slate-700">{result.sentences.length > 0 ? t('editor.detect.highlighted', { count: result.sentences.length }) : t('editor.detect.none')}</p>
                  </>
                )}
                <button type="button" className={`${buttonClass.action} mt-3`} onClick={clearDetection}>
                  {t('editor.detect.clear')}
                </button>
              </div>
            ) : result?.tool === 'references' ? (
              <div data-tool-result="references">
                <div className="flex items-center justify-between gap-2">
                  <h3 id={`${id}-side`} className="font-semibold text-slate-900">
                    {t('editor.result.title', { tool: t('editor.tool.references') })}
                  </h3>
                  <button type="button" className={buttonClass.ghost} onClick={closeToolRun}>
                    {t('editor.result.discard')}
                  </button>
                </div>
                <div className="max-h-[24rem] overflow-y-auto">
                  <Report report={result.report} t={t} />
                </div>
              </div>
            ) : (
              <div data-grammar={grammar}>
                <h3 id={`${id}-side`} className="font-semibold text-slate-900">
                  {t('editor.grammar.title')}
                </h3>
                <p className="mt-1 text-sm text-slate-700" role="status" data-lint-count={grammar === 'ready' ? counts : undefined}>
                  {grammar === 'unavailable'
                    ? t('editor.grammar.unavailable')
                    : grammar === 'ready'
                      ? counts > 0
                        ? t('editor.grammar.count', { count: counts })
                        : t('editor.grammar.none')
                      : grammar === 'loading'
                        ? t('editor.grammar.loading')
                        : t('editor.grammar.englishOnly')}
                </p>
                {lints.length > 0 && (
                  <ul className="mt-2 grid max-h-[22rem] gap-1 overflow-y-auto" aria-label={t('editor.grammar.title')}>
                    {lints.map((l) => (
                      <li key={l.id}>
                        <button type="button" className="w-full rounded-lg px-2 py-1 text-left text-sm hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600" onClick={(event) => showLint(l, event.currentTarget)}>
                          <span className="font-medium" dir="auto">
                            {l.problem}
                          </span>{' '}
                          <span className="text-slate-600">· {t(`editor.kind.${groupOf(l.kind)}`)}</span>
                        </button>
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            )}
            {run.problem && (
              <div className="mt-3">
                <p className="text-sm font-medium text-red-700" role="alert">
                  {problemText(t, run.problem)}
                </p>
                {run.problem.continues && historyPath && <RunContinues t={t} historyHref={historyPath} />}
                {run.problem.unlock && (
                  <a className="text-sm font-semibold text-brand-700 underline" href={pricingPath}>
                    {t('humanizer.unlockLink')}
                  </a>
                )}
              </div>
            )}
            {applied && (
              <p className="mt-3 text-sm text-emerald-800" role="status">
                {t('editor.result.applied')}
              </p>
            )}
          </aside>
        </div>
        {hydrated && !loggedIn && (
          <p className="flex flex-wrap items-center gap-2 border-t border-slate-100 px-4 py-2 text-sm text-slate-700" data-visitor-note>
            {t('editor.visitorNote')}
            <a className="font-semibold text-brand-700 underline" href={loginHref}>
              {t('editor.signIn')}
            </a>
          </p>
        )}
      </section>
      {loggedIn && (
        <section aria-labelledby={`${id}-docs`} data-documents>
          <h2 id={`${id}-docs`} className="text-base font-semibold text-slate-900">
            {t('editor.documents')}
          </h2>
          {documents.length === 0 ? (
            <p className="mt-1 text-sm text-slate-600">{t('editor.documentsEmpty')}</p>
          ) : (
            <ul className="mt-2 grid gap-1">
              {documents.map((d) => (
                <li key={d.id} className="flex flex-wrap items-center gap-x-2">
                  <a className="text-brand-700 underline" href={`?doc=${encodeURIComponent(d.id)}`} dir="auto">
                    {d.title || t('editor.untitled')}
                  </a>
                  <span className="text-sm text-slate-600">{t('editor.documentMeta', { count: formatNumber(lang, d.wordCount), date: ltrIsolate(lang, formatLocalDateTime(d.updatedAt)) })}</span>
                  <button type="button" className={`${buttonClass.ghost} text-sm`} onClick={() => setDeleting({ id: d.id, title: d.title || t('editor.untitled') })}>
                    {t('editor.delete')}
                    <span className="sr-only" dir="auto">
                      {' '}
                      {d.title || t('editor.untitled')}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          {documents.length < documentsTotal && (
            <button type="button" className={`${buttonClass.action} mt-2`} onClick={() => void loadDocuments(true)}>
              {t('editor.showMore')}
            </button>
          )}
          <ConfirmDialog
            open={deleting !== null}
            title={t('editor.deleteTitle')}
            confirmLabel={t('editor.delete')}
            cancelLabel={t('editor.deleteCancel')}
            onClose={() => setDeleting(null)}
            onConfirm={async () => {
              if (!deleting) return undefined;
              const problem = await deleteDocument(deleting.id);
              // The open document is gone: the editor starts a new one.
              if (!problem && $document.get().id === deleting.id) startNewDocument();
              return problem;
            }}
          >
            {deleting && t('editor.deleteBody', { title: deleting.title })}
          </ConfirmDialog>
        </section>
      )}
    </div>
  );
}

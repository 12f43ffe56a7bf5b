/**
 * The essay editor's state and actions (docs/decisions/0024, issue 15, TOOL-06):
 * the autosave (debounced, retried while offline), the document it saves to, a
 * visitor's local draft, the user's document list, and the tools run on the whole
 * text or a selection (detect 8, humanize 7, rewrite 9, references 6) through the
 * existing order flow (create → pay in beans → poll). No DOM: the island maps the
 * editor's selection to a `Target` and puts results back into the document.
 */
import { persistentAtom } from '@nanostores/persistent';
import { atom } from 'nanostores';
import { editorLimits } from '../domain/editor.ts';
import { humanizerLimits } from '../domain/humanizer.ts';
import { reportRules, type DetectedSentence } from '../domain/detector.ts';
import { wordLimitFor } from '../domain/plans.ts';
import { ProductId } from '../domain/products.ts';
import type { ReferenceReport } from '../domain/references.ts';
import { defaultRewriteSettings } from '../domain/rewriter.ts';
import { countWords } from '../domain/word-count.ts';
import { ApiError } from '../lib/api/client.ts';
import * as editorApi from '../lib/api/editor.ts';
import * as rewriterApi from '../lib/api/rewriter.ts';
import * as toolsApi from '../lib/api/tools.ts';
import { $documents, $documentsTotal, documentsPageSize, loadDocumentList } from './editor-documents.ts';
import { isLoggedIn, paymentProblem, pollProblem, pollUntilData, sleep } from './tool-run.ts';
import { $membershipLevel, ensureFreshToken, fetchBalance } from './user.ts';
import { ErrorCode } from '../domain/error-codes.ts';

/** What the indicator says: nothing yet, saving, saved, offline (will retry), refused, or kept in this browser. */
export type SaveState = 'idle' | 'saving' | 'saved' | 'offline' | 'refused' | 'local';

/** Timers, injected so tests drive time. */
export interface Timers {
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (id: unknown) => void;
}
const realTimers: Timers = { setTimeout: (fn, ms) => setTimeout(fn, ms), clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>) };

/** The envelope code of a stale save (server ErrorCode.CONFLICT). */
export const editorConflictCode = ErrorCode.CONFLICT;

/** A server's refusal (a translated message), as opposed to a network failure worth retrying. */
const isRefusal = (error: unknown) => error instanceof ApiError && error.code !== 2 && error.code !== 401;

/**
 * Debounced autosave: the last text wins, one save at a time, a failed save retried with a growing delay (the
 * indicator says "Offline – will retry" until one succeeds), a refused save (too long) not retried until the
 * text changes.
 */
export function createAutosave(save: (text: string) => Promise<void>, timers: Timers = realTimers, limits: { autosaveDebounceMs: number; retryMs: number; retryMaxMs: number } = editorLimits) {
  const $state = atom<SaveState>('idle');
  const $refusal = atom<string | null>(null);
  let pending: string | null = null;
  let saved: string | null = null;
  let inFlight = false;
  let timer: unknown;
  let retryDelay: number = limits.retryMs;

  function schedule(ms: number) {
    timers.clearTimeout(timer);
    timer = timers.setTimeout(() => void flush(), ms);
  }

  /** The text changed: save it once typing pauses. */
  function changed(text: string) {
    if (text === saved && !inFlight) {
      pending = null;
      timers.clearTimeout(timer);
      if ($state.get() !== 'offline') $state.set(saved === null ? 'idle' : 'saved');
      return;
    }
    pending = text;
    if ($state.get() !== 'offline') $state.set('saving');
    schedule(limits.autosaveDebounceMs);
  }

  /** Saves now (leaving the page, back online). */
  async function flush(): Promise<void> {
    timers.clearTimeout(timer);
    if (inFlight || pending === null) return;
    const text = pending;
    pending = null;
    inFlight = true;
    try {
      await save(text);
      saved = text;
      retryDelay = limits.retryMs;
      $refusal.set(null);
      inFlight = false;
      if (pending !== null) schedule(0);
      else $state.set('saved');
    } catch (error) {
      inFlight = false;
      if (isRefusal(error)) {
        $refusal.set((error as Error).message);
        $state.set('refused');
        if (pending !== null) schedule(limits.autosaveDebounceMs);
        return;
      }
      console.info('autosave failed, will retry', error);
      pending ??= text;
      $state.set('offline');
      schedule(retryDelay);
      retryDelay = Math.min(retryDelay * 2, limits.retryMaxMs);
    }
  }

  /** A document was opened: its text counts as saved. */
  function reset(text: string | null, state: SaveState = text === null ? 'idle' : 'saved') {
    timers.clearTimeout(timer);
    pending = null;
    saved = text;
    retryDelay = limits.retryMs;
    $refusal.set(null);
    $state.set(state);
  }

  return { $state, $refusal, changed, flush, reset, hasUnsaved: () => pending !== null || inFlight, dispose: () => timers.clearTimeout(timer) };
}

// ——— The document ———

/** The document being edited: its id once saved (signed in), and the save count. */
export const $document = atom<{ id: string | null; revision: number }>({ id: null, revision: 0 });

/** A visitor's draft (this browser only), kept until they sign in and it is saved. */
export const editorDraftKey = 'inkwise-editor';
export const $localDraft = persistentAtom<{ text: string; savedAt: number } | null>(editorDraftKey, null, {
  encode: JSON.stringify,
  decode: (raw) => {
    try {
      const value = JSON.parse(raw) as { text?: unknown; savedAt?: unknown } | null;
      return value && typeof value.text === 'string' ? { text: value.text, savedAt: Number(value.savedAt) || 0 } : null;
    } catch {
      return null;
    }
  },
});

/**
 * Another tab or window saved this document after this tab's text was based on it: the save was refused (nothing
 * changed on the server) and the user chooses between the newer version and saving theirs as a copy.
 */
export const $conflict = atom<{ id: string; revision: number } | null>(null);

/** Counts documents switched to (new, opened): a save answering for an earlier one does not claim the current one. */
let documentGeneration = 0;

export { isLoggedIn };

/** One save: the server's copy for a signed-in user (created on the first save), this browser's for a visitor. */
export async function saveText(text: string): Promise<void> {
  if (!isLoggedIn()) {
    $localDraft.set(text.trim() ? { text, savedAt: Date.now() } : null);
    return;
  }
  // The document this text belongs to, taken now: the user may start a new one while the save is on its way.
  const { id, revision } = $document.get();
  const generation = documentGeneration;
  await ensureFreshToken();
  let answer;
  try {
    // The revision this text is based on: the server refuses the save if another tab saved since.
    answer = await editorApi.saveDocument(id ? { id, revision, text } : { text });
  } catch (error) {
    if (id && error instanceof ApiError && error.code === editorConflictCode && generation === documentGeneration) {
      const held = (error.payload as { data?: { revision?: unknown } } | undefined)?.data?.revision;
      $conflict.set({ id, revision: typeof held === 'number' ? held : revision });
    }
    throw error;
  }
  if (generation === documentGeneration) $document.set({ id: answer.id, revision: answer.revision });
  // The visitor's draft is now the user's document.
  if ($localDraft.get()) $localDraft.set(null);
}

/** Opens one of the user's documents (?doc=); answers its text. */
export async function openDocument(id: string): Promise<string> {
  await ensureFreshToken();
  const doc = await editorApi.fetchDocument(id);
  documentGeneration += 1;
  $conflict.set(null);
  $document.set({ id: doc.id, revision: doc.revision });
  return doc.text;
}

/** A new, empty document (the next save creates it). */
export function newDocument(): void {
  documentGeneration += 1;
  $conflict.set(null);
  $document.set({ id: null, revision: 0 });
}

export { $documents, $documentsTotal, documentsPageSize };

/** The user's latest documents (none for a visitor); with `more`, the next page is added to those shown. */
export async function loadDocuments(more = false): Promise<void> {
  if (!isLoggedIn()) return $documents.set([]);
  return loadDocumentList(more);
}

/** Deletes one of the user's documents; answers the server's message when it refuses. */
export async function deleteDocument(id: string): Promise<string | undefined> {
  try {
    await ensureFreshToken();
    await editorApi.deleteDocument(id);
  } catch (error) {
    return (error as Error).message;
  }
  $documents.set($documents.get().filter((d) => d.id !== id));
  $documentsTotal.set(Math.max(0, $documentsTotal.get() - 1));
  if ($conflict.get()?.id === id) $conflict.set(null);
  return undefined;
}

// ——— Tools on the text or the selection ———

export const editorTools = ['detect', 'humanize', 'rewrite', 'references'] as const;
export type EditorTool = (typeof editorTools)[number];

/** The tool's product (its order type: 8, 7, 9, 6). */
export const toolProduct: Readonly<Record<EditorTool, number>> = {
  detect: ProductId.AI_DETECTION,
  humanize: ProductId.HUMANIZE,
  rewrite: ProductId.COPY_REWRITE,
  references: ProductId.REFERENCE_CHECK,
};

/** What a tool runs on: the selection's document range and text, or the whole text (`whole`). */
export interface Target {
  from: number;
  to: number;
  text: string;
  whole: boolean;
}

/** What came back. Texts wait for the user to accept them; detection marks sentences; references show cards. */
export type ToolResult =
  | { tool: 'humanize' | 'rewrite'; text: string }
  | { tool: 'detect'; aiPercent: number; sentences: { text: string; score: number }[]; qualifies: boolean }
  | { tool: 'references'; report: ReferenceReport };

export type ToolProblem = ({ key: string; params?: Record<string, string | number> } | { message: string }) & {
  unlock?: boolean;
  /** The run was paid and goes on on the server (only the page lost it; `pollProblem`). */
  continues?: boolean;
};

export interface ToolRunState {
  phase: 'idle' | 'running' | 'done';
  tool: EditorTool | null;
  target: Target | null;
  result: ToolResult | null;
  problem: ToolProblem | null;
}
const idleRun: ToolRunState = { phase: 'idle', tool: null, target: null, result: null, problem: null };
export const $toolRun = atom<ToolRunState>(idleRun);

/** The text a tool gets: the selection when there is one, else the whole document. */
export function targetOf(doc: { text: string; size: number }, selection: { from: number; to: number; text: string } | null): Target {
  if (selection && selection.from < selection.to && selection.text.trim()) return { ...selection, whole: false };
  return { from: 0, to: doc.size, text: doc.text, whole: true };
}

/**
 * The sentences the detector calls likely AI, as Turnitin's report does: none when the share is under 20 % (false
 * positives are more common there), only qualifying sentences at or above the AI line.
 */
export function flaggedSentences(text: string, sentences: readonly DetectedSentence[], aiPercent: number): { text: string; score: number }[] {
  if (aiPercent < reportRules.hideBelowPercent) return [];
  return sentences.filter((s) => s.qualifies && s.score >= 0.5).map((s) => ({ text: text.slice(s.start, s.end).trim(), score: s.score })).filter((s) => s.text);
}

async function fetchResult(tool: EditorTool, orderNo: string): Promise<ToolResult> {
  const poll = <T extends { data: unknown }>(fetchOnce: () => Promise<T>) => pollUntilData(fetchOnce, humanizerLimits.pollMs, sleep);
  switch (tool) {
    case 'humanize': {
      const answer = await poll(() => toolsApi.fetchHumanizerResult(orderNo));
      return { tool, text: answer.dataWithoutFormat ?? '' };
    }
    case 'rewrite': {
      const answer = await poll(() => rewriterApi.fetchRewrite(orderNo));
      return { tool, text: answer.dataWithoutFormat ?? '' };
    }
    case 'detect': {
      const { data } = await poll(() => toolsApi.fetchDetection(orderNo));
      return { tool, aiPercent: data!.aiPercent, qualifies: data!.qualifies, sentences: flaggedSentences(data!.text, data!.sentences, data!.aiPercent) };
    }
    case 'references': {
      const { data } = await poll(() => toolsApi.fetchReferenceCheck(orderNo));
      return { tool, report: data! };
    }
  }
}

/** Runs a tool on the target: create the order, pay it in beans, poll. Answers 'signup' for a visitor. */
export async function runTool(tool: EditorTool, target: Target): Promise<'signup' | void> {
  if ($toolRun.get().phase === 'running') return;
  if (!target.text.trim()) return $toolRun.set({ ...idleRun, tool, problem: { key: 'commerce.error.contentRequired' } });
  const limit = wordLimitFor(Math.max(0, $membershipLevel.get()));
  if (tool !== 'references' && countWords(target.text) > limit) return $toolRun.set({ ...idleRun, tool, problem: { key: 'messages.unlockMoreWords', params: { count: limit }, unlock: true } });
  if (!isLoggedIn()) return 'signup';
  $toolRun.set({ ...idleRun, phase: 'running', tool, target });
  let orderNo: string;
  try {
    await ensureFreshToken();
    const extra = tool === 'rewrite' ? { ...defaultRewriteSettings } : tool === 'humanize' ? { isUltra: false } : {};
    const order = await toolsApi.createToolOrder(toolProduct[tool], target.text, extra);
    await toolsApi.payToolOrder(order.orderNo);
    orderNo = order.orderNo;
    void fetchBalance().catch(() => undefined);
  } catch (error) {
    return $toolRun.set({ ...idleRun, tool, problem: paymentProblem(error) });
  }
  try {
    const result = await fetchResult(tool, orderNo);
    $toolRun.set({ phase: 'done', tool, target, result, problem: null });
  } catch (error) {
    // Spec §8: polling errors are logged and the loader closed.
    console.error('editor tool run failed', error);
    $toolRun.set({ ...idleRun, tool, problem: pollProblem(error) });
  }
}

/** Closes the result (accepted, dismissed). */
export function closeToolRun(): void {
  $toolRun.set(idleRun);
}

/** A problem of the island's own (the text changed under a result). */
export function setToolProblem(problem: ToolProblem | null): void {
  $toolRun.set({ ...$toolRun.get(), problem });
}

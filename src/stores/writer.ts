/**
 * The AI writer's state and actions (spec §3 order type 11): the topic and the
 * request, the paid run and its polling, the result (a draft with the LLM
 * backend, else an outline). The island (src/islands/AIWriter) only subscribes and calls.
 */
import { atom } from 'nanostores';
import { humanizerLimits } from '../domain/humanizer.ts';
import { createAndPay, createPriceRefresh, isLoggedIn as loggedIn, openProblem, paymentProblem, pollProblem, pollUntilData, sleep, type Problem } from './tool-run.ts';
import { ProductId } from '../domain/products.ts';
import { linesOf, writerLength, writerLimits, type EssayType, type WriterAnswer, type WriterPartial } from '../domain/writer.ts';
import * as writerApi from '../lib/api/writer.ts';
import { fetchEngineStatus } from '../lib/api/engines.ts';

/** A problem to show (the tools' shared shape, re-exported for the island). */
export type { Problem } from './tool-run.ts';

export interface WriterState {
  topic: string;
  essayType: EssayType;
  length: number;
  outlineInput: string;
  sourcesInput: string;
  phase: 'idle' | 'writing' | 'done';
  problem: Problem | null;
  orderNo: string | null;
  result: WriterAnswer | null;
  /** While writing with the LLM backend: the checked draft so far, as the server streamed it into the order. */
  partial: WriterPartial | null;
}

const initial: WriterState = {
  topic: '',
  essayType: 'argumentative',
  length: writerLength.default,
  outlineInput: '',
  sourcesInput: '',
  phase: 'idle',
  problem: null,
  orderNo: null,
  result: null,
  partial: null,
};

export const $writer = atom<WriterState>(initial);
/** Whether this installation drafts prose (null until the server has answered). */
export const $writerLlm = atom<boolean | null>(null);

/** The price of writing on the topic, in beans (null while there is no topic or no quote). */
export const $writerPrice = atom<number | null>(null);

/** Spec §4: once there is text (the topic is the order's content) the quote is refreshed and the price shown. */
const refreshPrice = createPriceRefresh(
  ProductId.AI_WRITE,
  () => $writer.get().topic,
  (quote) => {
    if ('error' in quote) console.info('writer quote unavailable', quote.error);
    $writerPrice.set('error' in quote ? null : quote.price);
  },
  // The price follows the length asked for, not the topic's words.
  () => ({ length: $writer.get().length }),
);

export function patchWriter(values: Partial<Pick<WriterState, 'topic' | 'essayType' | 'length' | 'outlineInput' | 'sourcesInput'>>): void {
  const before = $writer.get();
  const priced = (values.topic !== undefined && values.topic !== before.topic) || (values.length !== undefined && values.length !== before.length);
  $writer.set({ ...before, ...values, problem: null });
  if (priced) refreshPrice();
}


export async function loadBackend(): Promise<void> {
  try {
    $writerLlm.set((await fetchEngineStatus()).writer.llm);
  } catch (error) {
    console.info('writer backend unknown', error);
  }
}

/**
 * Polls every second (spec §9) until the draft or outline is in; meanwhile each answer's `partial` (the draft so
 * far, its citations already checked on the server) is shown as it grows.
 */
function poll(orderNo: string): Promise<WriterAnswer> {
  const fetchOnce = async () => {
    const answer = await writerApi.fetchWriting(orderNo);
    if (!answer.data && answer.partial && $writer.get().orderNo === orderNo) $writer.set({ ...$writer.get(), partial: answer.partial });
    return answer;
  };
  return pollUntilData(fetchOnce, humanizerLimits.pollMs, sleep);
}

/** Write: create the order (type 11) with the request, pay it in beans, poll. Answers 'signup' for a visitor. */
export async function startWriting(): Promise<'signup' | void> {
  const state = $writer.get();
  if (state.phase === 'writing') return;
  if (!state.topic.trim()) return $writer.set({ ...state, problem: { key: 'commerce.error.contentRequired' } });
  if (!(state.length >= writerLength.min && state.length <= writerLength.max)) return $writer.set({ ...state, problem: { key: 'writer.error.length' } });
  if (!loggedIn()) return 'signup';
  $writer.set({ ...state, phase: 'writing', problem: null, partial: null });
  let orderNo: string;
  try {
    orderNo = await createAndPay(ProductId.AI_WRITE, state.topic, {
      essayType: state.essayType,
      length: state.length,
      outline: linesOf(state.outlineInput, writerLimits.outline, writerLimits.outlineLength),
      sources: linesOf(state.sourcesInput, writerLimits.sources, writerLimits.sourceLength),
    });
  } catch (error) {
    return $writer.set({ ...$writer.get(), phase: 'idle', problem: paymentProblem(error) });
  }
  $writer.set({ ...$writer.get(), orderNo });
  try {
    const result = await poll(orderNo);
    $writer.set({ ...$writer.get(), phase: 'done', result, partial: null });
  } catch (error) {
    console.error('writer polling failed', error);
    $writer.set({ ...$writer.get(), phase: 'idle', problem: pollProblem(error), partial: null });
  }
}

/** Opens a finished run (?orderNo= from the history). */
export async function openWriting(orderNo: string): Promise<'signup' | void> {
  if (!loggedIn()) return 'signup';
  $writer.set({ ...$writer.get(), phase: 'writing', problem: null, orderNo, partial: null });
  try {
    const result = await poll(orderNo);
    const plan = result.data!;
    $writer.set({
      ...$writer.get(),
      phase: 'done',
      result,
      partial: null,
      topic: plan.topic,
      essayType: plan.essayType,
      length: plan.length,
      outlineInput: plan.sections.flatMap((s) => (s.point ? [s.point] : [])).join('\n'),
      sourcesInput: plan.sources.join('\n'),
    });
  } catch (error) {
    console.error('writer result failed to load', error);
    $writer.set({ ...$writer.get(), phase: 'idle', problem: openProblem(error) });
  }
}

export function resetWriter(): void {
  $writer.set(initial);
  $writerPrice.set(null);
}

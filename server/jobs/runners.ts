import { createHash } from 'node:crypto';
import { OrderType } from '../../src/domain/orders.ts';
import { segmentsToDoc } from '../../src/domain/humanizer.ts';
import type { Config } from '../config.ts';
import { humanize } from '../engines/humanizer/index.ts';
import { humanizeWithLlm } from '../engines/humanizer/llm.ts';
import * as detector from '../engines/detector/index.ts';
import { buildReport, detectionView } from '../services/detections.ts';
import type { OrderRow } from '../services/orders.ts';
import type { RunOutput } from './queue.ts';
import type { Db } from '../db/client.ts';
import { checkText, shareIfAllowed, type WebSearchAdapter } from '../services/plagiarism.ts';

/** Runs one paid order's engine. */
export type Runner = (order: OrderRow) => Promise<RunOutput>;

/** A stable seed per order: every version of a group differs, and a re-run of one order gives the same text. */
export function seedOf(orderNo: string): number {
  return createHash('sha256').update(orderNo).digest().readUInt32BE(0);
}

/** The humanizer: the LLM backend when configured (it falls back to the offline engine), else offline. */
export function humanizerRunner(llm: Config['llm']): Runner {
  return async (order) => {
    const input = order.content ?? '';
    const options = { ultra: order.orderType === OrderType.HUMANIZER_ULTRA, seed: seedOf(order.orderNo) };
    const result = llm ? await humanizeWithLlm(input, options, llm) : { ...humanize(input, options), backend: 'offline' as const };
    return { engine: `humanizer-${result.backend}`, source: input, format: segmentsToDoc(result.paragraphs), plain: result.text };
  };
}

/** The AI detector (order type 8): the overall figure and every sentence's score. */
export const detectorRunner: Runner = async (order) => {
  const text = order.content ?? '';
  return { engine: `detector-${detector.modelVersion()}`, source: text, format: detectionView(text, detector.detect(text)), plain: text };
};

/** The second classifier of the report: how much each AI sentence looks paraphrased by a tool. */
const paraphraseScores = (sentences: string[]): number[] => sentences.map((s) => detector.paraphraseScore(s));

/** The Turnitin-style report (order type 13). */
export const reportRunner: Runner = async (order) => {
  const text = order.content ?? '';
  const report = buildReport(order, text, detector.detect(text), paraphraseScores);
  return { engine: `detector-${report.modelVersion}`, source: text, format: report, plain: text };
};

/**
 * The plagiarism check (order type 5): candidates from the library's fingerprint
 * index, passage alignment with each, then the text joins the library if its
 * owner allows it. It reads the database, so it needs one.
 */
export function plagiarismRunner(db: Db, web?: WebSearchAdapter): Runner {
  return async (order) => {
    const text = order.content ?? '';
    const report = await checkText(db, order, text, web);
    await shareIfAllowed(db, order, text);
    return { engine: report.engineVersion, source: text, format: report, plain: text };
  };
}

/**
 * The engine registry: runners that need nothing but the order, by order type.
 * The engine pool's threads load this same map, so these runs happen off the
 * event loop.
 */
export function engineRunners(config: Pick<Config, 'llm'>): Map<number, Runner> {
  const humanizer = humanizerRunner(config.llm);
  return new Map<number, Runner>([
    [OrderType.HUMANIZER, humanizer],
    [OrderType.HUMANIZER_ULTRA, humanizer],
    [OrderType.AI_DETECTION, detectorRunner],
    [OrderType.AI_DETECTION_TURNITIN, reportRunner],
  ]);
}

/**
 * Runners that read or write the database (a library lookup, a lookup cache):
 * they run in the server's thread, where the connection lives, and await I/O
 * rather than hold the event loop.
 */
const databaseRunnerFactories = new Map<number, (db: Db) => Runner>([[OrderType.PLAGIARISM_CHECK, (db) => plagiarismRunner(db)]]);

export function databaseRunners(db: Db): Map<number, Runner> {
  return new Map([...databaseRunnerFactories].map(([type, make]) => [type, make(db)]));
}

/**
 * The whole runner registry. A type without a runner is never claimed, and its
 * product cannot be ordered (`orderableTypes`): registering a tool's runner here
 * is what makes it orderable.
 */
export function runnersFor(config: Pick<Config, 'llm'>, db: Db): Map<number, Runner> {
  return new Map([...engineRunners(config), ...databaseRunners(db)]);
}

/** Order types a paid order can be run for, hence sold: those with a runner in the registry above. */
export const orderableTypes: ReadonlySet<number> = new Set([...engineRunners({ llm: undefined }).keys(), ...databaseRunnerFactories.keys()]);

/** Runs the registry's runners in this thread (tests, and a process that wants no threads). */
export function inProcessEngine(runners: Map<number, Runner>): import('./pool.ts').JobEngine {
  return { types: [...runners.keys()], run: async (order) => runners.get(order.orderType)!(order), close: async () => {} };
}

import { createHash } from 'node:crypto';
import { OrderType } from '../../src/domain/orders.ts';
import { liveToolTypes } from '../../src/domain/tools.ts';
import { segmentsToDoc } from '../../src/domain/humanizer.ts';
import type { Config } from '../config.ts';
import { humanize } from '../engines/humanizer/index.ts';
import { embeddedTransport, httpTransport, humanizeWithModel, modelNotice } from '../engines/humanizer/llm.ts';
import type { EmbeddedPlan } from '../llm/embedded.ts';
import * as detector from '../engines/detector/index.ts';
import { buildReport, detectionView } from '../services/detections.ts';
import type { OrderRow } from '../services/orders.ts';
import { inlineCompute, type Compute } from './compute.ts';
import type { RunOutput } from './queue.ts';
import type { Db } from '../db/client.ts';
import { checkReferences, type Lookup } from '../engines/references/index.ts';
import { referenceLookup } from '../services/reference-lookup.ts';
import { isLlmMode } from '../../src/domain/rewriter.ts';
import { rewrite, rewriteView } from '../engines/rewriter/index.ts';
import { rewriteWithEmbedded, rewriteWithLlm } from '../engines/rewriter/llm.ts';
import { rewriteSettingsOf } from '../services/rewriter.ts';
import { offlinePlan } from '../engines/writer/index.ts';
import { writeWithLlm } from '../engines/writer/llm.ts';
import { writerRequestOf } from '../services/writer.ts';
import { checkText, shareIfAllowed, type WebSearchAdapter } from '../services/plagiarism.ts';
import { webSources } from '../services/web-sources.ts';

/** What a run may tell the worker while it works. */
export interface RunHooks {
  /** How far the run has got, as a fraction of its work (0..1). */
  progress?: (fraction: number) => Promise<void>;
  /** What the run can already show (the AI writer's checked draft so far), stored with the order for the polling page. */
  partial?: (data: unknown) => Promise<void>;
}

/** Runs one paid order's engine. */
export type Runner = (order: OrderRow, hooks?: RunHooks) => Promise<RunOutput>;

/** A stable seed per order: every version of a group differs, and a re-run of one order gives the same text. */
export function seedOf(orderNo: string): number {
  return createHash('sha256').update(orderNo).digest().readUInt32BE(0);
}

/**
 * What the engine runners are built from, in the server and in each engine thread (plain data, so it crosses to a
 * worker): the OpenAI-compatible endpoint when configured, and the embedded model's files when they are present.
 */
export interface EngineConfig {
  llm: Config['llm'];
  /** The embedded paraphraser (server/llm/embedded.ts), used where no endpoint is configured; absent: not used. */
  embedded?: Extract<EmbeddedPlan, { ready: true }>;
}

/** An engine config, from the whole one or from just an endpoint's settings (the benches pass those alone). */
function engineConfigOf(config: EngineConfig | Config['llm']): EngineConfig {
  return config !== undefined && 'baseUrl' in config ? { llm: config } : (config ?? { llm: undefined });
}

/**
 * The humanizer: the LLM backend (the configured endpoint, else the embedded paraphraser), span by span, with
 * progress, tokens and cost; the offline engine takes over for any span it fails on. With neither, the offline
 * engine alone: the light mode, and the result says so (engine `humanizer-offline`).
 */
export function humanizerRunner(config: EngineConfig | Config['llm']): Runner {
  const { llm, embedded } = engineConfigOf(config);
  const transport = llm ? httpTransport(llm) : embedded ? embeddedTransport(embedded) : undefined;
  return async (order, hooks = {}) => {
    const input = order.content ?? '';
    const options = { ultra: order.orderType === OrderType.HUMANIZER_ULTRA, seed: seedOf(order.orderNo) };
    if (!transport) {
      const result = humanize(input, options);
      return { engine: 'humanizer-offline', source: input, format: segmentsToDoc(result.paragraphs), plain: result.text };
    }
    const result = await humanizeWithModel(input, options, transport, { onProgress: (done, total) => hooks.progress?.(done / total) }, llm ?? {});
    const { promptTokens, completionTokens, costMicroUsd } = result.usage;
    const notice = modelNotice(result, transport.kind);
    return { engine: `humanizer-${result.backend}`, source: input, format: segmentsToDoc(result.paragraphs), plain: result.text, usage: { promptTokens, completionTokens, costMicroUsd }, notice };
  };
}

/** The AI detector (order type 8): the overall figure and every sentence's score. */
export const detectorRunner: Runner = async (order) => {
  const text = order.content ?? '';
  const result = await detector.detectText(text);
  return { engine: result.modelVersion, source: text, format: detectionView(text, result), plain: text };
};

/** The second classifier of the report: how much each AI sentence looks paraphrased by a tool. */
const paraphraseScores = (sentences: string[]): number[] => sentences.map((s) => detector.paraphraseScore(s));

/** The Turnitin-style report (order type 13). */
export const reportRunner: Runner = async (order) => {
  const text = order.content ?? '';
  const report = buildReport(order, text, await detector.detectText(text), paraphraseScores);
  return { engine: report.modelVersion, source: text, format: report, plain: text };
};

/**
 * The reference checker (order type 6): offline checks, then Crossref/OpenAlex lookups when configured (cached in
 * the database). Without a database (engine-only use) the lookups are off.
 */
export function referenceRunner(config: Pick<Config, 'references'>, db?: Db, log?: { warn: (obj: object, msg: string) => void }, compute?: Compute): Runner {
  const lookup = config.references && db ? referenceLookup(db, config.references, { log }) : undefined;
  return async (order) => {
    const text = order.content ?? '';
    // The parsing in the compute thread (a 200-entry list held the event loop 4 s, issue 29), the lookups here.
    const analysis = compute ? await compute.run('analyzeReferences', { text }) : undefined;
    const report = await checkReferences(text, { lookup, analysis });
    return { engine: `references-${report.engine}`, source: text, format: report, plain: text };
  };
}

/**
 * Order types whose runs mostly wait on the network (a reference check's Crossref/OpenAlex lookups), not the CPU:
 * the server claims them in a lane of their own, a few side by side, so a long check never holds up other tools.
 */
export const waitingTypes: ReadonlySet<number> = new Set([OrderType.REFERENCE_CHECK, OrderType.AI_WRITE]);

/** What the database runners may need besides the database: the reference checker's lookups, the LLM, a logger. */
export interface DatabaseRunnerOptions {
  references?: Config['references'];
  llm?: Config['llm'];
  log?: { warn: (obj: object, msg: string) => void };
  /** Source retrieval for the plagiarism checker; the library only without it. */
  web?: Config['plagiarismWeb'];
  /** Where their CPU-bound parts run (parsing, fingerprints, alignment); in this thread without one. */
  compute?: Compute;
}

/**
 * The plagiarism check (order type 5): candidates from the library's fingerprint
 * index, passage alignment with each, then the text joins the library if its
 * owner allows it. It reads the database, so it needs one.
 */
export function plagiarismRunner(db: Db, web?: WebSearchAdapter, compute: Compute = inlineCompute()): Runner {
  return async (order) => {
    const text = order.content ?? '';
    const hashes = await compute.run('plagiarismHashes', { text });
    const report = await checkText(db, order, text, { web, queryHashes: hashes.query, align: (input) => compute.run('plagiarismAlign', input) });
    await shareIfAllowed(db, order, text, hashes.document);
    return { engine: report.engineVersion, source: text, format: report, plain: text };
  };
}

/**
 * The essay rewriter (order type 9): the offline modes run the offline engine;
 * Expand and Creative need the LLM backend (orders for them are refused without
 * it, and a refused LLM answer fails the run, so the beans go back).
 */
export function rewriterRunner(config: EngineConfig | Config['llm']): Runner {
  const { llm, embedded } = engineConfigOf(config);
  return async (order) => {
    const input = order.content ?? '';
    const options = { ...rewriteSettingsOf(order), seed: seedOf(order.orderNo) };
    const llmMode = isLlmMode(options.mode);
    if (llmMode && !llm && !embedded) throw new Error(`rewriter mode ${options.mode} needs the LLM backend`);
    // Expand and Creative: the endpoint when configured, else the embedded paraphraser; the other modes run offline.
    const result = !llmMode ? rewrite(input, options) : llm ? await rewriteWithLlm(input, options, llm) : await rewriteWithEmbedded(input, options, embedded!);
    const backend = llmMode ? 'llm' : 'offline';
    return { engine: `rewriter-${backend}`, source: input, format: rewriteView(result, options, backend), plain: result.text };
  };
}

/**
 * The AI writer (order type 11): with the LLM backend a draft along the outline,
 * streamed (each checked snapshot stored with the order as it comes), its
 * citations checked against the user's sources by the reference checker (online
 * too when lookups are configured, through the same cached, rate-limited
 * lookups); without it, the honest outline and a note. The plain text is the
 * draft, or the topic when there is no prose. A database runner: the lookup
 * cache and the snapshots live in the database, and the run mostly waits on the
 * model (see waitingTypes).
 */
export function writerRunner(llm: Config['llm'], lookup?: Lookup): Runner {
  return async (order, hooks = {}) => {
    const topic = order.content ?? '';
    const request = writerRequestOf(order);
    const plan = llm ? await writeWithLlm(topic, request, llm, { lookup, partial: hooks.partial }) : offlinePlan(topic, request);
    return { engine: `writer-${plan.backend}`, source: topic, format: plan, plain: plan.draft ? plan.draft.join('\n') : topic };
  };
}

/**
 * The engine registry: runners that need nothing but the order, by order type.
 * The engine pool's threads load this same map, so these runs happen off the
 * event loop.
 */
export function engineRunners(config: EngineConfig): Map<number, Runner> {
  const humanizer = humanizerRunner(config);
  return new Map<number, Runner>([
    [OrderType.HUMANIZER, humanizer],
    [OrderType.HUMANIZER_ULTRA, humanizer],
    [OrderType.AI_DETECTION, detectorRunner],
    [OrderType.AI_DETECTION_TURNITIN, reportRunner],
    [OrderType.COPY_REWRITE, rewriterRunner(config)],
  ]);
}

/**
 * Runners that read or write the database (a library lookup, a lookup cache):
 * they run in the server's thread, where the connection lives, and await I/O
 * rather than hold the event loop.
 */
const databaseRunnerFactories = new Map<number, (db: Db, options: DatabaseRunnerOptions) => Runner>([
  // The library, and the web when source retrieval is on (issue 28).
  [OrderType.PLAGIARISM_CHECK, (db, options) => plagiarismRunner(db, options.web ? webSources(db, options.web, { log: options.log }) : undefined, options.compute)],
  // The reference checker caches its lookups in the database and mostly waits on the network (see waitingTypes).
  [OrderType.REFERENCE_CHECK, (db, options) => referenceRunner({ references: options.references }, db, options.log, options.compute)],
  // The AI writer streams its draft into the order and checks its citations with the reference checker's cached lookups.
  [OrderType.AI_WRITE, (db, options) => writerRunner(options.llm, options.references ? referenceLookup(db, options.references, { log: options.log }) : undefined)],
]);

export function databaseRunners(db: Db, options: DatabaseRunnerOptions = {}): Map<number, Runner> {
  return new Map([...databaseRunnerFactories].map(([type, make]) => [type, make(db, options)]));
}

/**
 * The whole runner registry. A type without a runner is never claimed, and its
 * product cannot be ordered (`orderableTypes`): registering a tool's runner here
 * is what makes it orderable.
 */
export function runnersFor(config: EngineConfig & Partial<Pick<Config, 'references'>>, db: Db, log?: DatabaseRunnerOptions['log']): Map<number, Runner> {
  const registry = new Map([...engineRunners(config), ...databaseRunners(db, { references: config.references, llm: config.llm, log })]);
  const missing = [...liveToolTypes].filter((type) => !registry.has(type));
  if (missing.length > 0) throw new Error(`live tools without a runner (order types ${missing.join(', ')}): src/domain/tools.ts sells what nothing runs`);
  return registry;
}

/** Order types a paid order can be run for, hence sold: the live tools of src/domain/tools.ts, each with a runner above. */
export const orderableTypes: ReadonlySet<number> = liveToolTypes;

/** Runs the registry's runners in this thread (tests, and a process that wants no threads). */
export function inProcessEngine(runners: Map<number, Runner>): import('./pool.ts').JobEngine {
  return { types: [...runners.keys()], run: async (order, hooks) => runners.get(order.orderType)!(order, hooks), close: async () => {} };
}

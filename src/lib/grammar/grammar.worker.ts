/// <reference lib="webworker" />
/**
 * The grammar worker (docs/decisions/0024): harper.js's WebAssembly (the slim build, served from this site, never a
 * CDN) compiled on the first request, then one paragraph list linted per message. Runs off the main thread, so
 * typing never waits for it.
 */
import { LocalLinter } from 'harper.js';
import { slimBinary } from 'harper.js/slimBinary';
import { lintParagraphs, type GrammarRequest, type GrammarResponse } from './lints.ts';

let linter: LocalLinter | undefined;

self.addEventListener('message', async (event: MessageEvent<GrammarRequest>) => {
  const { id, paragraphs } = event.data;
  let answer: GrammarResponse;
  try {
    linter ??= new LocalLinter({ binary: slimBinary });
    answer = { id, lints: await lintParagraphs(linter, paragraphs) };
  } catch (error) {
    answer = { id, error: error instanceof Error ? error.message : String(error) };
  }
  (self as unknown as DedicatedWorkerGlobalScope).postMessage(answer);
});

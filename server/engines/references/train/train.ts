import { featureVersion, sequenceFeatures } from '../features.ts';
import { decodeOptions, type ParserModelFile } from '../parse.ts';
import { trainCrf } from '../crf.ts';
import { decoderOf, type Example } from '../sequence.ts';
import { tokenize } from '../tokens.ts';
import { loadDataset, tokensWithLabels, type LabelledReference } from './dataset.ts';
import { FieldScores } from './metrics.ts';
import { synthesize } from './synth.ts';

/** Settings chosen by cross-validation over train + dev (docs/decisions/0019); the test split was never used to choose them. */
export const trainingSettings = { epochs: 10, seed: 1, rate: 0.1, l2: 1e-3, minCount: 2, prune: 0.03, runs: 3, synthSeed: 7, synthPerReference: 1 } as const;

const example = (text: string, labels: string[]): Example => ({ ...sequenceFeatures(tokenize(text)), labels });

/** Trains a model on the given references (all of them, whatever their split) and their renders in six styles. */
export function fitModel(fit: LabelledReference[], options: { epochs?: number; seed?: number; log?: (line: string) => void } = {}): ParserModelFile {
  const splits = [...new Set(fit.map((r) => r.split))];
  const synth = synthesize(fit, trainingSettings.synthSeed, trainingSettings.synthPerReference, splits);
  const examples = [...fit.map((r) => tokensWithLabels(r)).map((t) => example(t.text, t.labels)), ...synth.map((s) => example(s.text, s.labels))];
  options.log?.(`training on ${fit.length} references and ${synth.length} renders in six styles`);
  const { rate, l2, minCount, prune, runs } = trainingSettings;
  const weights = trainCrf(examples, { epochs: options.epochs ?? trainingSettings.epochs, seed: options.seed ?? trainingSettings.seed, rate, l2, minCount, prune, runs, log: options.log });
  return { version: 'parser-v1', featureVersion, ...weights };
}

/** The labels a model gives each token of a reference string. */
export function decodeLabels(model: ParserModelFile | ReturnType<typeof decoderOf>, text: string): string[] {
  const decoder = 'decode' in model ? model : decoderOf(model, decodeOptions);
  return decoder.decode(sequenceFeatures(tokenize(text))).map((i) => decoder.labels[i]!);
}

/**
 * Trains the parser on the train and dev splits of anystyle-core plus their renders in six styles; answers the model
 * file's JSON (byte-stable) and a report on the held-out test split.
 */
export function trainParser(options: { data?: LabelledReference[]; limit?: number; epochs?: number; report?: boolean; log?: (line: string) => void } = {}): { json: string; model: ParserModelFile; report: string[] } {
  const data = options.data ?? loadDataset();
  let fit = data.filter((r) => r.split === 'train' || r.split === 'dev');
  if (options.limit) fit = fit.slice(0, options.limit);
  const model = fitModel(fit, { epochs: options.epochs, log: options.log });
  const json = `${JSON.stringify(model)}\n`;
  return { json, model, report: options.report === false ? [] : evaluate(model, data) };
}

/** Field-level scores of a model on the held-out split, as read and as rendered in six styles. */
export function evaluate(model: ParserModelFile, data: LabelledReference[]): string[] {
  const decoder = decoderOf(model, decodeOptions);
  const held = data.filter((r) => r.split === 'test');
  const real = new FieldScores();
  for (const r of held) {
    const t = tokensWithLabels(r);
    real.add(t.labels, decodeLabels(decoder, t.text));
  }
  const styled = new FieldScores();
  for (const s of synthesize(data, 4242, 1, ['test'])) styled.add(s.labels, decodeLabels(decoder, s.text));
  return [`held-out anystyle references (${held.length}), field level:`, ...real.table(), `held-out references rendered in six styles:`, ...styled.table()];
}

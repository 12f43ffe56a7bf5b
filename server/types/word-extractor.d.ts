declare module 'word-extractor' {
  /** The part of word-extractor's API we use (the package ships no types). */
  interface WordDocument {
    getBody(): string;
  }
  export default class WordExtractor {
    extract(source: string | Buffer): Promise<WordDocument>;
  }
}

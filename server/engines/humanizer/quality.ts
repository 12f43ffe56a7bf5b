import { lexicon } from './lexicon.ts';

/**
 * Offline quality measures for the humanizer: rule-based grammar checks (the engine uses them to reject its
 * own bad rewrites; tests compare input and output), stylometric signals, and the meaning-kept measure.
 */

/** One grammar problem found by a rule. */
export interface GrammarIssue {
  rule: 'article' | 'repeat' | 'capital' | 'punctuation' | 'agreement' | 'contraction' | 'comparative' | 'verbForm';
  excerpt: string;
}

let inflected: Set<string> | undefined;
/** Third-person and past forms of common verbs that are not also a bare verb ("makes", "helped"). */
function inflectedOnly(): Set<string> {
  if (inflected) return inflected;
  const { verbForms } = lexicon();
  const bare = new Set(verbForms.keys());
  inflected = new Set();
  for (const forms of verbForms.values()) {
    if (forms[0] && /s$/.test(forms[0]) && !bare.has(forms[0])) inflected.add(forms[0]);
    if (forms[1] && /ed$/.test(forms[1]) && !bare.has(forms[1])) inflected.add(forms[1]);
  }
  return inflected;
}

// Words spelled with a vowel but said with a consonant sound, and the reverse.
const A_BEFORE_VOWEL = /^(?:uni(?!nt|mp|nh|nf|nd|ns|nst)|use|usu|uti|ure|uro|eu|ewe|one|once|ubiq|unan|uk|uga|ufo)/i;
const AN_BEFORE_CONSONANT = /^(?:hour|honest|honou?r|heir|herb(?!al)|hono)/i;

/** The indefinite article a word takes ("an hour", "a university"); undefined for acronyms and numbers. */
export function articleFor(word: string): 'a' | 'an' | undefined {
  if (!/^[a-z]/i.test(word) || (/^[A-Z]{2,}/.test(word) && !/^[A-Z][a-z]/.test(word))) return undefined;
  const vowel = /^[aeiou]/i.test(word);
  if (vowel) return A_BEFORE_VOWEL.test(word) ? 'a' : 'an';
  return AN_BEFORE_CONSONANT.test(word) ? 'an' : 'a';
}

const ABBREV_BEFORE_DOT = /(?:\b(?:etc|vs|approx|cf|al|Mr|Mrs|Ms|Dr|St|No|Fig|Inc|Ltd|Co|Jr|Sr|Prof)|\b\p{L}(?:\.\p{L})+|\b[A-Z]|\.\.)$/u;
const REPEAT_OK = new Set(['that', 'had', 'very', 'no', 'bye', 'ha', 'so', 'really', 'is', 'do', 'knock', 'many', 'more', 'far', 'long', 'again', 'over', 'round', 'on', 'and', 'tsk', 'blah', 'yeah', 'oh', 'well', 'now', 'there']);

/** Finds rule violations in plain text: a/an, doubled words, lowercase sentence starts, stray punctuation, agreement. */
export function grammarIssues(text: string): GrammarIssue[] {
  const issues: GrammarIssue[] = [];
  const add = (rule: GrammarIssue['rule'], m: RegExpMatchArray) => issues.push({ rule, excerpt: m[0] });
  for (const m of text.matchAll(/\b([Aa]n?) +["“]?([A-Za-z][\w'’-]*)/g)) {
    const expected = articleFor(m[2]!);
    if (expected && expected !== m[1]!.toLowerCase()) add('article', m);
  }
  for (const m of text.matchAll(/\b([A-Za-z]+) +\1\b/gi)) {
    if (!REPEAT_OK.has(m[1]!.toLowerCase()) && m[1]!.length > 1) add('repeat', m);
  }
  for (const m of text.matchAll(/(?:^|([.!?])["”’)]* +)([a-z]\w*)/g)) {
    if (m.index === 0 && m[1] === undefined) {
      add('capital', m);
      continue;
    }
    // The text before the end mark: "e.g. the", "Mr. smith" and an ellipsis ("so... then") are no sentence ends.
    const before = text.slice(0, m.index);
    if (m[1] === '.' && (ABBREV_BEFORE_DOT.test(before) || before.endsWith('.'))) continue;
    add('capital', m);
  }
  for (const m of text.matchAll(/ [,;:!?](?=\s|$)|(?<!\.) \.(?=\s|$)|[,;:] *[,.;:!?]|(?<![.?!])[.] *[,;:]|^ *[,.;:!?]|[,;] *(?=\n|$)/g)) add('punctuation', m);
  for (const m of text.matchAll(/\b(?:(?:he|she|it) +(?:are|have|do|don['’]t|aren['’]t|haven['’]t)|(?:they|we|you) +(?:is|has|does|doesn['’]t|isn['’]t|hasn['’]t|was|wasn['’]t)|I +(?:is|are|has|does))\b/gi)) {
    add('agreement', m);
  }
  for (const m of text.matchAll(/\b(?:it|that|there|he|she|what|who)['’](?:s|ll)(?= *(?:[.!?,;:]|$))|\bI['’]m(?= *(?:[.!?,;:]|$))|\b(?:they|we|you)['’](?:re|ve)(?= *(?:[.!?,;:]|$))/gi)) {
    add('contraction', m);
  }
  // "most strong", "more big": a short adjective takes -est/-er, so a synonym swap after most/more can break it.
  for (const m of text.matchAll(/\b(?:most|more)\s+(?:strong|big|small|large|fast|quick|tough|hard|great|high|low|deep|long|short|old|young|rich|poor|smart|wise|weak|cheap|close|clear|safe|huge|vast|harsh|firm|plain|odd|busy|key)\b/gi)) add('comparative', m);
  // "can makes", "will helped": after a modal the verb is bare.
  for (const m of text.matchAll(/\b(?:can|could|will|would|shall|should|may|might|must)\s+(?:not\s+|also\s+|still\s+)?([a-z]+)\b/gi)) {
    if (inflectedOnly().has(m[1]!.toLowerCase())) add('verbForm', m);
  }
  return issues;
}

// --- stylometric signals --------------------------------------------------------------------------------

/**
 * Words and phrases that mark chatbot prose (collected from published lists of "AI tells"), counted per
 * 1,000 words. The list is longer than the engine's own tables on purpose: it is a measure, not a target.
 */
export const AI_TELLS = [
  'delve', 'delves', 'delved', 'delving', 'tapestry', 'testament', 'crucial', 'pivotal', 'moreover', 'furthermore',
  'additionally', 'in conclusion', 'it is important to note', 'it is worth noting', 'overall,', 'notably', 'foster',
  'fostering', 'landscape', 'realm', 'vibrant', 'seamless', 'seamlessly', 'robust', 'comprehensive', 'navigate',
  'navigating', 'embark', 'ever-evolving', 'game-changer', 'unlock', 'harness', 'elevate', 'multifaceted',
  'intricate', 'meticulous', 'meticulously', 'showcase', 'showcasing', 'underscore', 'underscores', 'paramount',
  'nuanced', 'bustling', 'commendable', 'leverage', 'leveraging', 'utilize', 'utilizing', "in today's",
  'plays a crucial role', 'plays a vital role', 'a myriad of', 'a plethora of', 'serves as', 'stark reminder',
  'ultimately', 'in summary', 'enhance', 'enhancing', 'facilitate', 'numerous', 'individuals', 'a wide range of',
  'in order to', 'due to the fact', 'vital', 'essential', 'significant', 'significantly', 'profound', 'invaluable',
  'resonate', 'resonates', 'intertwined', 'dynamic', 'journey', 'strive', 'endeavor', 'commitment to',
];
const TELL_RE = new RegExp(`(?<![\\p{L}])(?:${AI_TELLS.map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})(?![\\p{L}])`, 'giu');

/**
 * Stock phrases of machine-written essays: the openers, connectors, hedges and formulas a careful editor deletes
 * or rephrases (issue 13 names "it is important to note", "in conclusion", "moreover", "plays a crucial role",
 * "serves as a testament to"; the rest are the most machine-marked phrases of the essay dataset's training prompts
 * and published lists of chatbot tells). A measure: the bench counts how many of the input's occurrences are left.
 */
export const STOCK_PHRASES = [
  'it is important to note', 'it is worth noting', 'it should be noted', 'it is important to', 'it is essential to',
  'it is crucial to', 'it is vital to', 'it is clear that', 'it is evident that', 'in conclusion', 'to conclude',
  'in summary', 'to summarize', 'overall,', 'moreover', 'furthermore', 'additionally', 'in addition,', 'firstly',
  'secondly', 'thirdly', 'lastly', 'ultimately', 'consequently', 'thus,', 'hence', 'therefore,', 'nevertheless',
  'nonetheless', 'however,', 'on the other hand', 'in today\'s', 'in this day and age', 'plays a crucial role',
  'play a crucial role', 'plays a vital role', 'play a vital role', 'plays a significant role',
  'play a significant role', 'plays an important role', 'play an important role', 'plays a key role',
  'a crucial role', 'a vital role', 'a pivotal role', 'serves as a testament to', 'a testament to', 'serves as',
  'serve as', 'a stark reminder', 'a wide range of', 'a variety of', 'a myriad of', 'a plethora of', 'a multitude of',
  'not only', 'by doing so', 'in order to', 'due to the fact', 'when it comes to', 'in terms of', 'as well as',
  'such as', 'a sense of', 'the importance of', 'the potential to', 'can lead to', 'leading to', 'which can lead to',
  'contribute to', 'contributes to', 'shed light on', 'sheds light on', 'delve into', 'delves into',
  'navigate the', 'in the realm of', 'the landscape of', 'pave the way', 'paves the way', 'strike a balance',
  'a deeper understanding', 'gain a deeper', 'valuable insights', 'insights into', 'foster', 'fostering',
  'fosters', 'enhance', 'enhances', 'enhancing', 'ensure', 'ensures', 'ensuring', 'crucial', 'vital', 'pivotal',
  'essential', 'significant', 'significantly', 'numerous', 'various', 'individuals', 'utilize', 'utilizing',
  'facilitate', 'comprehensive', 'profound', 'intricate', 'multifaceted', 'notably', 'in essence',
  'first and foremost', 'last but not least', 'all in all', 'needless to say', ', making it', ', allowing',
  ', leading to', ', providing', ', resulting in', ', thereby', 'one such',
];
const STOCK_RE = new RegExp(`(?<![\\p{L}])(?:${[...STOCK_PHRASES].sort((a, b) => b.length - a.length).map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})(?![\\p{L}])`, 'giu');

/** Occurrences of the stock phrases in a text (longest match first, so "plays a crucial role" counts once). */
export function stockPhraseCount(text: string): number {
  return text.match(STOCK_RE)?.length ?? 0;
}

/** Stylometric signals of a text. */
export interface Stylometrics {
  words: number;
  sentences: number;
  /** Mean sentence length in words. */
  meanSentence: number;
  /** Coefficient of variation of sentence length (burstiness): human prose varies more. */
  burstiness: number;
  /** Moving-average type-token ratio over 50-word windows (length-independent vocabulary variety). */
  mattr: number;
  /** AI-tell words and phrases per 1,000 words. */
  tellsPer1000: number;
  /** Contractions per 100 words. */
  contractionsPer100: number;
}

/** Splits text into sentences for measurement (a simple rule: end punctuation followed by a capital). */
export function measureSentences(text: string): string[] {
  return text
    .split(/\n+|(?<=[.!?]["”’)]?)\s+(?=["“‘(]?[A-Z0-9])/)
    .map((s) => s.trim())
    .filter((s) => /[\p{L}\p{N}]/u.test(s));
}

const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu;

/** Computes the stylometric signals of a text. */
export function stylometrics(text: string): Stylometrics {
  const words = text.match(WORD) ?? [];
  const lengths = measureSentences(text).map((s) => (s.match(WORD) ?? []).length);
  const mean = lengths.reduce((a, b) => a + b, 0) / Math.max(1, lengths.length);
  const variance = lengths.reduce((a, b) => a + (b - mean) ** 2, 0) / Math.max(1, lengths.length);
  const lower = words.map((w) => w.toLowerCase());
  let mattr = 0;
  const window = 50;
  if (lower.length <= window) mattr = new Set(lower).size / Math.max(1, lower.length);
  else {
    const counts = new Map<string, number>();
    for (let i = 0; i < window; i++) counts.set(lower[i]!, (counts.get(lower[i]!) ?? 0) + 1);
    let sum = counts.size;
    for (let i = window; i < lower.length; i++) {
      const out = lower[i - window]!;
      const c = counts.get(out)! - 1;
      if (c === 0) counts.delete(out);
      else counts.set(out, c);
      counts.set(lower[i]!, (counts.get(lower[i]!) ?? 0) + 1);
      sum += counts.size;
    }
    mattr = sum / (lower.length - window + 1) / window;
  }
  const tells = text.match(TELL_RE)?.length ?? 0;
  const contractions = words.filter((w) => /['’](?:s|t|re|ve|ll|d|m)$/i.test(w) && !/^\p{Lu}/u.test(w.replace(/^I['’]/, 'i'))).length;
  return {
    words: words.length,
    sentences: lengths.length,
    meanSentence: mean,
    burstiness: mean ? Math.sqrt(variance) / mean : 0,
    mattr,
    tellsPer1000: (tells * 1000) / Math.max(1, words.length),
    contractionsPer100: (contractions * 100) / Math.max(1, words.length),
  };
}

// --- meaning-bearing words --------------------------------------------------------------------------------

const NEGATIONS = /\b(?:not|never|no|none|nor|neither|nobody|nothing|nowhere|without|cannot|unable|impossible|unlikely|unclear|unaware|unnecessary|unsure|unfair|uncertain)\b|n['’]t\b/gi;
const QUANTIFIERS = /\b(?:all|every|each|some|many|most|few|fewer|several|any|both|much|more|less|lots|lot|numerous|countless|none|half|majority|minority)\b/gi;
const MODALS = /\b(?:can|could|may|might|must|shall|should|will|would|cannot|(?:ca|wo|could|would|should|must|might)n['’]t)\b|['’]ll\b/gi;

/** Counts of the words that carry a claim's force: negations, quantifiers and modals. */
export interface MeaningWords {
  negations: number;
  quantifiers: number;
  modals: number;
}

/** The negations, quantifiers and modals of a text (a rewrite may say them differently, never drop them). */
export function meaningWords(text: string): MeaningWords {
  // "whether or not" is "whether", and "not only/just … but also" is "both … and": neither is a negation.
  // "all of a sudden" is "suddenly", not a quantifier. The "but" of "not just … but" is in the same sentence (a
  // "but" two sentences on made "wasn't just X." count as no negation once a rewrite shortened the text between).
  // "not without its drawbacks" is "with its drawbacks": the two negations cancel.
  text = text.replace(/(?:\bnot|n['’]t) without\b/gi, 'with').replace(/\bwhether or not\b/gi, 'whether').replace(/\ball of a sudden\b/gi, 'suddenly').replace(/(?:\bnot|n['’]t) (?:only|just|merely|simply)\b(?=[^\n.!?]{0,200}?\bbut\b)/gi, ' both');
  return {
    negations: text.match(NEGATIONS)?.length ?? 0,
    quantifiers: text.match(QUANTIFIERS)?.length ?? 0,
    modals: text.match(MODALS)?.length ?? 0,
  };
}

/** The classes of meaning-bearing words that `output` has fewer of than `input` (empty when none was lost). */
export function lostMeaningWords(input: string, output: string): Array<keyof MeaningWords> {
  const a = meaningWords(input);
  const b = meaningWords(output);
  return (Object.keys(a) as Array<keyof MeaningWords>).filter((k) => b[k] < a[k]);
}

// --- meaning kept -----------------------------------------------------------------------------------------

const STOPWORDS = new Set(
  `a an the and or but if of in on at by for to from with without about as into onto over under than then so
  that this these those there here it its he she they we you i me him her them us my your our their his hers
  is are was were be been being am do does did done have has had having will would shall should can could may
  might must not no nor very just also too only even still yet such some any each every all both either neither
  what which who whom whose when where why how while although though because since until unless after before
  one ones s t re ve ll d m`.split(/\s+/),
);

/** A light stem, enough to match inflections of one word (studies/study, used/use, running/run). */
export function stem(word: string): string {
  let w = word.toLowerCase().replace(/['’](?:s|t|re|ve|ll|d|m)$/, '');
  if (w.length > 4 && w.endsWith('ies')) w = `${w.slice(0, -3)}y`;
  else if (w.length > 4 && w.endsWith('ied')) w = `${w.slice(0, -3)}y`;
  else if (w.length > 5 && w.endsWith('ing')) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith('ed')) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith('es') && /(?:ss|x|ch|sh|z)es$/.test(w)) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss')) w = w.slice(0, -1);
  if (w.length > 3 && w.endsWith('e')) w = w.slice(0, -1);
  if (w.length > 3 && /([bdgmnprt])\1$/.test(w)) w = w.slice(0, -1);
  return w;
}

/** Content words of a text as stems (function words left out). */
export function contentStems(text: string): string[] {
  return (text.match(WORD) ?? []).filter((w) => !STOPWORDS.has(w.toLowerCase()) && /\p{L}/u.test(w)).map(stem);
}

/** The meaning-kept figures of one rewrite. */
export interface MeaningKept {
  /** Share of the input's content words (as stems) found in the output. */
  exact: number;
  /** The same, counting a word as kept when a synonym of it is in the output. */
  withSynonyms: number;
}

/**
 * How much of the input's content survives: the share of its content-word occurrences (stems, so inflection
 * does not count as loss) whose stem, or with `synonyms` a synonym's stem, occurs in the output.
 */
export function meaningKept(input: string, output: string, synonyms?: (stem: string) => Iterable<string>): MeaningKept {
  const source = contentStems(input);
  const target = new Set(contentStems(output));
  let exact = 0;
  let credited = 0;
  for (const s of source) {
    if (target.has(s)) {
      exact++;
      credited++;
    } else if (synonyms) {
      for (const alt of synonyms(s)) {
        if (target.has(alt)) {
          credited++;
          break;
        }
      }
    }
  }
  const n = Math.max(1, source.length);
  return { exact: exact / n, withSynonyms: credited / n };
}

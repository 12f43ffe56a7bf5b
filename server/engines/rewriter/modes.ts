/**
 * The structural rules of the rewriter's Shorten, Simple and Formal modes (issue 15): what a careful editor does
 * beyond swapping words. Every function works on a *masked* paragraph (each protected span or frozen word is an
 * opaque \uE000<n>\uE001 placeholder no pattern can match), so spans and frozen words pass through untouched; the
 * caller checks the invariant again after unmasking. None removes a negation, a quantifier or a modal: the
 * dropped words are intensifiers, hedges, stock filler and additive connectives, and an intensifier after "not" or
 * "never" stays ("not very good" is not "not good").
 */
import { countWords } from '../../../src/domain/word-count.ts';
import { tagSentence } from '../humanizer/tagger.ts';
import { tokenize } from '../humanizer/tokens.ts';

/** Marks where a rule removed words, so the caller can tidy spaces and the sentence start. */
export const GAP = '\uE002';

const SENTENCE_START = `(^|[.!?]["”’)\\]]*\\s+)`;
const capitalize = (text: string) => text.replace(/^(\s*)(\p{Ll})/u, (_, space: string, letter: string) => space + letter.toUpperCase());
const withCaseOf = (model: string, text: string) => (text && /^\p{Lu}/u.test(model) ? text[0]!.toUpperCase() + text.slice(1) : text);

interface Tagged {
  text: string;
  tag: string;
  start: number;
  end: number;
}

/** Penn tags of a masked sentence with character offsets; a placeholder reads as a proper noun of the same length. */
export function tagged(masked: string): Tagged[] {
  const plain = masked.replace(/\uE000\d+\uE001/g, (m) => `N${'n'.repeat(m.length - 1)}`).replace(/\uE002/g, ' ');
  const tokens = tokenize(plain, []);
  if (tokens.length === 0) return [];
  tagSentence(tokens);
  const out: Tagged[] = [];
  let at = 0;
  for (const t of tokens) {
    const start = plain.indexOf(t.text, at);
    out.push({ text: t.text, tag: t.tag, start, end: start + t.text.length });
    at = start + t.text.length;
  }
  return out;
}

const FINITE = new Set(['VBZ', 'VBP', 'VBD', 'MD']);
/** In a clause after its subject the tagger sometimes reads a finite verb as the base form. */
const CLAUSE_VERB = new Set(['VBZ', 'VBP', 'VBD', 'MD', 'VB']);
const isWord = (t: Tagged) => /[\p{L}\p{N}]/u.test(t.text);
/** A finite verb, or a word carrying one ("cannot", "it's", "they're"). */
const finite = (t: Tagged, verbs: Set<string> = FINITE) => verbs.has(t.tag) || /^(?:cannot|\p{L}+n['’]t|\p{L}+['’](?:s|re|ve|ll|d|m))$/iu.test(t.text);

// ---------------------------------------------------------------------------------------------------------------
// Shorten
// ---------------------------------------------------------------------------------------------------------------

/** Empty intensifiers and boosters; dropped from strength 3, never after a negation or before what they govern. */
const INTENSIFIERS = ['very', 'really', 'actually', 'basically', 'quite', 'extremely', 'truly', 'totally', 'completely', 'literally', 'highly', 'incredibly', 'definitely', 'certainly', 'essentially', 'simply', 'undoubtedly', 'clearly'];
const intensifierRe = (words: readonly string[]) =>
  new RegExp(
    `(?<!\\b(?:not|never|no|n['’]t|the|this|that|so|too|how|as)\\s+)(?<![\\p{L}\\p{N}'’\\uE001-])(?:${words.join('|')})(?![\\p{L}\\p{N}'’\\uE000-])(?!\\s+(?:much|many|few|little|well|own|same|first|last|end|beginning|a|an|the|put|different|because|as|so|[,.;:!?]))(?=\\s+\\p{L})`,
    'giu',
  );
/** Formal drops the intensifiers academic style guides cut ("very important" has its own replacement first). */
const FORMAL_INTENSIFIER_RE = intensifierRe(['very', 'really', 'actually', 'basically', 'truly', 'totally', 'literally', 'definitely', 'pretty much']);
const INTENSIFIER_RE = new RegExp(
  `(?<!\\b(?:not|never|no|n['’]t|the|this|that|so|too|how|as)\\s+)(?<![\\p{L}\\p{N}'’\\uE001-])(?:${INTENSIFIERS.join('|')})(?![\\p{L}\\p{N}'’\\uE000-])(?!\\s+(?:much|many|few|little|well|own|same|first|last|end|beginning|a|an|the|put|different|because|as|so|[,.;:!?]))(?=\\s+\\p{L})`,
  'giu',
);

/** Sentence-initial hedges and signposts the shorter text does without (from strength 3). */
const DROP_HEDGE_OPENERS = ['In fact,', 'As a matter of fact,', 'Of course,', 'Needless to say,', 'Clearly,', 'Obviously,', 'Basically,', 'Essentially,', 'Simply put,', 'In other words,', 'As mentioned earlier,', 'As mentioned above,', 'As mentioned before,', 'As previously mentioned,', 'As a result of this,', 'It is important to note that', 'It is worth noting that', 'It should be noted that', 'It is important to remember that', 'It is essential to note that', 'It is interesting to note that', 'It is worth mentioning that', 'It goes without saying that', 'It can be said that', 'It is evident that', 'It is clear that'];

/** Verbs after which the complementiser "that" may go when a clause subject follows ("shows that the" → "shows the"). */
const THAT_VERBS = 'indicating|suggesting|showing|meaning|noting|arguing|claiming|revealing|shows?|showed|shown|suggests?|suggested|believes?|believed|thinks?|thought|says?|said|knows?|knew|found|finds?|feels?|felt|hopes?|hoped|ensures?|ensured|realizes?|realized|realises?|realised|means|argues?|argued|claims?|claimed|reveals?|revealed|indicates?|indicated';
const THAT_RE = new RegExp(
  `\\b(${THAT_VERBS}) that (?=[\\p{Ll}\\p{Lu}])(?!(?:is|was|are|were|has|have|had|will|would|can|could|should|may|might|must|not|to|of|in|on|at|for|and|or|but|which|who|whom|whose|way|kind|sort|type|one|ones|much|many|point|time|day|year|idea|issue|problem|study|book|claim|view|it is|it was)\\b|\\p{L}+ly\\b)`,
  'giu',
);

const IRREGULAR_PARTICIPLES = 'given|taken|written|known|shown|chosen|driven|seen|grown|drawn|thrown|spoken|broken|hidden|forgotten|proven|made|done|held|built|found|led|paid|sold|told|taught|brought|bought|thought|caught|kept|left|lost|meant|sent|spent';
/** "the tools that are used by" → "the tools used by"; ", which is located in" → ", located in". */
const RELATIVE_RE = new RegExp(
  `(\\p{L}{3,})(,?) (?:which|that|who) (?:is|are|was|were) (?!being\\b|nothing\\b|something\\b|anything\\b|everything\\b|during\\b|thing\\b|bring\\b|string\\b|spring\\b|evening\\b|morning\\b)((?:\\p{L}{3,}(?<!e)ed|\\p{L}{3,}ing|${IRREGULAR_PARTICIPLES})\\b)`,
  'gu',
);
/** Words after which "that is/are" is not a relative clause ("says that is", "and that are"). */
const NOT_ANTECEDENT = /^(?:says?|said|know|knows|think|thinks|believe|believes|shows?|mean|means|and|but|or|so|because|is|are|was|were|be|been|all|than|like|such|one|ones|those|these|this)$/i;

/** "There are many students who struggle" → "Many students struggle". */
export const THERE_ARE_RE = new RegExp(`${SENTENCE_START}There (?:are|were) (many|several|some|numerous|various|countless|few) ((?:[\\p{L}-]+ ){0,2}[\\p{L}-]+) (?:that|who) (?=\\p{Ll})`, 'gu');

/** ", which is slightly above the median" → ", slightly above the median"; ", which is a popular attraction" → ", a popular attraction". */
const APPOSITIVE_RE = /, (?:which|who) (?:is|are|was|were) (?=(?:a|an|the|one|part|slightly|well|far|just|still|above|below|over|under|around|about|near|close|higher|lower|greater|less|more|in|on|at|from)\b)/giu;
/** Transitions the shortest text does without at strength 5 (sequence words included). */
const DROP_OPENERS_5 = ['Also,', 'Besides,', 'On top of that,', 'What is more,', "What's more,", 'Having said that,', 'That being said,', 'With that said,', 'All in all,', 'To sum up,', 'In summary,', 'In short,', 'Specifically,', 'In this essay,', 'First,', 'Second,', 'Third,', 'Finally,', 'Additionally', 'Furthermore', 'Moreover'];

/** "the cars that are available" → "the cars available" (adjectives that follow a noun naturally). */
const POSTNOMINAL_RE = /(\p{L}{3,}) (?:that|which|who) (?:is|are|was|were) (available|possible|necessary|present|responsible|involved|concerned|affected|required|needed)\b/gu;
/** "The reason I believe this is because our brain …" → "I believe this because our brain …". */
const REASON_RE = new RegExp(`${SENTENCE_START}The reason (?:why |that )?((?:[\\p{L}'’-]+ ){1,8}?)is because `, 'gu');
/** "Education is something that should …" → "Education should …" (a modal or auxiliary must follow). */
const SOMETHING_THAT_RE = /\b(?:is|are) (?:something|a thing|one thing) (?:that|which) (?=(?:should|must|can|could|may|might|will|would|has|have|needs|requires|helps|makes|gives|allows)\b)/giu;
/** "a lot of students" → "many students" (plural nouns only; "a lot of time" stays). */
const A_LOT_RE = /(?<![\p{L}\uE001-])(a lot of|lots of|plenty of|a great many|a good many) (\p{Ll}{3,}(?<![su])s)\b/giu;
/** An additive "also" inside a clause (never "but also", "not only", or before punctuation). */
const ALSO_RE = /(?<!\b(?:but|and|not only|only)\s+)(?<=\p{L}\s)also\s+(?=\p{L})/giu;

/** "not only cheap but also fast" → "cheap and fast" (not the inverted "Not only does …"). */
const NOT_ONLY_RE = /(?<![.!?]\s|^)\bnot only ([^.!?;:,\uE000]{1,80}?),? but also\b/giu;

/** The structural steps of Shorten, scaled by strength (the phrase rules run before, at every strength). */
export function shortenStructure(masked: string, strength: number, dropOpeners: readonly string[]): string {
  let out = masked;
  if (strength >= 2) {
    for (const opener of dropOpeners) out = out.replace(new RegExp(`${SENTENCE_START}${escapeRegExp(opener)}(?=\\s+[^\\uE000\\s])`, 'g'), (_, lead: string) => lead + GAP);
  }
  if (strength >= 3) {
    for (const opener of DROP_HEDGE_OPENERS) out = out.replace(new RegExp(`${SENTENCE_START}${escapeRegExp(opener)}(?=\\s+[^\\uE000\\s])`, 'g'), (_, lead: string) => lead + GAP);
    out = out.replace(INTENSIFIER_RE, (found: string, offset: number, whole: string) => (startsBeforeMask(whole, offset, found) ? found : GAP));
    out = out.replace(THERE_ARE_RE, (_, lead: string, quantifier: string, noun: string) => `${lead}${withCaseOf('M', quantifier)} ${noun} `);
    out = out.replace(REASON_RE, (_, lead: string, clause: string) => `${lead}${capitalize(clause)}because `);
    out = out.replace(SOMETHING_THAT_RE, '');
    out = out.replace(A_LOT_RE, (found: string, phrase: string, noun: string) => `${withCaseOf(phrase, 'many')} ${noun}`);
  }
  if (strength >= 4) {
    out = out.replace(RELATIVE_RE, (found: string, antecedent: string, comma: string, participle: string) => (NOT_ANTECEDENT.test(antecedent) ? found : `${antecedent}${comma} ${participle}`));
    out = out.replace(POSTNOMINAL_RE, (found: string, antecedent: string, adjective: string) => (NOT_ANTECEDENT.test(antecedent) ? found : `${antecedent} ${adjective}`));
    out = out.replace(/, which means that /g, ', so ');
    // The object relative needs no "that": "the things that we have" → "the things we have".
    out = out.replace(/(?<=\p{Ll}{3,}) (?:that|which) (?=(?:we|they|I|you|he|she|people|students|most people|many people) (?!(?:is|are|was|were|and|or)\b)\p{Ll})/gu, (found: string, offset: number, whole: string) =>
      /\b(?:says?|said|know|knows|think|thinks|believe|believes|shows?|mean|means|so|such|is|are|was|were|be|been)$/i.test(whole.slice(Math.max(0, offset - 12), offset)) ? found : ' ',
    );
    out = out.replace(/(?<![\p{L}\uE001-])(will|would) be able to (?=\p{Ll})/giu, (_, modal: string) => `${withCaseOf(modal, modal.toLowerCase() === 'will' ? 'can' : 'could')} `);
    out = out.replace(THAT_RE, (_, verb: string) => `${verb} `);
  }
  if (strength >= 5) {
    for (const opener of DROP_OPENERS_5) out = out.replace(new RegExp(`${SENTENCE_START}${escapeRegExp(opener)}(?=\\s+[^\\uE000\\s])`, 'g'), (_, lead: string) => lead + GAP);
    out = out.replace(APPOSITIVE_RE, ', ');
    out = out.replace(/(?<![\p{L}\uE001-])as well as(?= \p{L})/gu, 'and');
    // "Many people believe" → "Many believe" (the quantifier stays; "people" adds nothing before a verb).
    out = out.replace(/\b(Some|some|Many|many|Most|most|Other|other) people (?=(?:believe|think|argue|say|feel|claim|prefer|agree|disagree|suggest|may|might|would|will|can|could|should|are|have|do|enjoy|choose|want|like|see|consider)\b)/g, '$1 ');
    out = out.replace(NOT_ONLY_RE, (_, first: string) => `${first} and`);
    out = out.replace(ALSO_RE, '');
  }
  return out;
}

/** A word that opens a sentence whose next word is masked must stay: the masked word's case is the user's. */
function startsBeforeMask(whole: string, offset: number, found: string): boolean {
  const atStart = offset === 0 || /[.!?]["”’)\]]*\s+$/.test(whole.slice(Math.max(0, offset - 4), offset));
  return atStart && /^\s*\uE000/.test(whole.slice(offset + found.length));
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// ---------------------------------------------------------------------------------------------------------------
// Simple
// ---------------------------------------------------------------------------------------------------------------

/** Longest sentence (words) Simple leaves whole, by strength 1–5. */
export const SIMPLE_SENTENCE_LIMIT = [30, 24, 20, 16, 12];

/** What opens the second sentence when a sentence is split at ", <conjunction>" (or the bare conjunction). */
const SPLIT_CONJUNCTIONS: Readonly<Record<string, string>> = { and: '', but: 'But ', or: 'Or ', then: 'Then ', so: 'So ', yet: 'Yet ', while: 'But ', whereas: 'But ', although: 'But ', though: 'But ', which: '', because: 'This is because ' };
/** ", indicating that …" → ". This indicates that …": the participle's verb in the present and the past. */
const PARTICIPLE_VERBS: Readonly<Record<string, [present: string, past: string]>> = {
  indicating: ['indicates', 'indicated'], suggesting: ['suggests', 'suggested'], showing: ['shows', 'showed'], meaning: ['means', 'meant'],
  causing: ['causes', 'caused'], leading: ['leads', 'led'], making: ['makes', 'made'], allowing: ['allows', 'allowed'], resulting: ['results', 'resulted'],
  helping: ['helps', 'helped'], creating: ['creates', 'created'], giving: ['gives', 'gave'], enabling: ['enables', 'enabled'], ensuring: ['ensures', 'ensured'],
  highlighting: ['highlights', 'highlighted'], emphasizing: ['emphasizes', 'emphasized'], emphasising: ['emphasises', 'emphasised'], underscoring: ['underscores', 'underscored'],
  reflecting: ['reflects', 'reflected'], demonstrating: ['demonstrates', 'demonstrated'], contributing: ['contributes', 'contributed'], fostering: ['fosters', 'fostered'],
  providing: ['provides', 'provided'], offering: ['offers', 'offered'], reducing: ['reduces', 'reduced'], increasing: ['increases', 'increased'], improving: ['improves', 'improved'],
  leaving: ['leaves', 'left'], raising: ['raises', 'raised'], prompting: ['prompts', 'prompted'], sparking: ['sparks', 'sparked'], forcing: ['forces', 'forced'],
};

/** Conjunctions that may split without a comma before them (a clause must follow either way). */
const BARE_SPLIT = new Set(['but', 'while', 'whereas', 'because']);
const LINKING_ADVERBS = /^(?:so|yet|but|however|therefore|thus|instead|moreover|furthermore|consequently|meanwhile|otherwise|nevertheless|still|also|hence)$/i;
const SUBJECT_TAG = /^(?:PRP|PRP\$|DT|NN|NNS|NNP|NNPS|JJ|JJR|JJS|CD|EX|PDT)$/;
/** A left part holding one of these is itself subordinate ("He said that cats and dogs …"): no bare "and" split. */
const SUBORDINATOR = /^(?:that|which|who|whom|whose|if|when|whether|because|although|though|while|since|unless|until|where|as)$/i;

/**
 * Where a sentence can become two whole sentences, nearest the middle first: each part has a subject and a finite
 * verb, so no fragment is left ("…, and they can't control it" splits; "students, teachers, and parents" never).
 */
function splitPoint(sentence: string, strength: number): { left: string; right: string } | undefined {
  const toks = tagged(sentence);
  const words = toks.filter(isWord).length;
  let best: { left: string; right: string; distance: number } | undefined;
  let wordsBefore = 0;
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i]!;
    // ";", a colon or a spaced dash between two clauses ends the first one.
    const semicolon = t.text === ';' || ((t.text === ':' || t.text === '—' || t.text === '–') && i > 0);
    const commaConj = t.text === ',' ? toks[i + 1]?.text.toLowerCase() : undefined;
    const bare = !semicolon && t.text !== ',' && i > 0 && toks[i - 1]!.text !== ',' ? t.text.toLowerCase() : undefined;
    const conj = commaConj && (commaConj in SPLIT_CONJUNCTIONS || commaConj in PARTICIPLE_VERBS) ? commaConj : bare && (BARE_SPLIT.has(bare) || (bare === 'and' && strength >= 5)) ? bare : undefined;
    if (isWord(t) && !conj) wordsBefore++;
    if (!semicolon && !conj) continue;
    if (conj === 'because' && strength < 4) continue;
    const rightFrom = semicolon ? i + 1 : commaConj === conj ? i + 2 : i + 1;
    const rest = toks.slice(rightFrom);
    const restWords = rest.filter(isWord).length;
    if (wordsBefore < 4 || restWords < (conj === 'which' || (conj && conj in PARTICIPLE_VERBS) ? 2 : 4)) continue;
    const leftToks = toks.slice(0, i);
    // The first half needs its own verb (a past form right after its subject counts: "Einstein pursued" read as VBN).
    const pastAfterSubject = (x: Tagged, j: number) => x.tag === 'VBN' && j > 0 && /^(?:NN|NNS|NNP|NNPS|PRP)$/.test(leftToks[j - 1]!.tag);
    if (!leftToks.some((x, j) => (finite(x, CLAUSE_VERB) || pastAfterSubject(x, j)) && !/^(?:to|TO)$/.test(leftToks[j - 1]?.text ?? '') && (x.tag !== 'VB' || j > 0))) continue;
    if (bare === 'and' && conj === 'and' && (wordsBefore < 6 || leftToks.some((x) => SUBORDINATOR.test(x.text)))) continue;
    // The first sentence may not end on a word that needs what follows ("… for no benefit or. This is because …").
    if (/^(?:CC|IN|DT|TO|PRP\$|WDT|WP)$/.test(leftToks[leftToks.length - 1]?.tag ?? '')) continue;
    let prefix = semicolon ? '' : SPLIT_CONJUNCTIONS[conj!]!;
    let from = rest[0]!;
    if (conj && conj in PARTICIPLE_VERBS) {
      // ", indicating that the firm …" → ". This indicates that the firm …", in the tense of the first clause.
      if (rest.some((x) => x.text === ';')) continue;
      const past = leftToks.some((x) => x.tag === 'VBD') && !leftToks.some((x) => x.tag === 'VBZ' || x.tag === 'VBP');
      const verb = PARTICIPLE_VERBS[conj]![past ? 1 : 0];
      const left = `${sentence.slice(0, t.start).replace(/[\s,;:]+$/, '')}.`;
      const right = `This ${verb}${sentence.slice(toks[i + 1]!.end)}`;
      const distance = Math.abs(wordsBefore - words / 2);
      if (!best || distance < best.distance) best = { left, right, distance };
      continue;
    }
    if (conj === 'which') {
      // ", which is harmful" → ". This is harmful": only a which-clause that runs to the end and whose verb follows.
      // A which-clause in the middle ("X, which is new, works") is followed by the main verb after a comma.
      // Right after "which" a past form is finite, whatever the tagger says ("which led" read as a participle).
      if (!(finite(from) || from.tag === 'VBN') || rest.some((x, j) => x.text === ';' || (x.text === ',' && rest[j + 1] !== undefined && finite(rest[j + 1]!)))) continue;
      prefix = /^(?:are|were|have)$/i.test(from.text) ? 'These ' : 'This ';
    } else {
      let k = 0;
      // A linking word or phrase ("however,", "as a result,") may open the second sentence.
      const comma = rest.slice(0, 4).findIndex((x) => x.text === ',');
      if (LINKING_ADVERBS.test(rest[0]!.text)) k = rest[1]?.text === ',' ? 2 : 1;
      else if (comma > 0 && rest.slice(0, comma).every((x) => /^(?:IN|DT|NN|RB|JJ|CC)$/.test(x.tag))) k = comma + 1;
      const head = rest[k];
      if (!head || !SUBJECT_TAG.test(head.tag) || /^(?:which|that|who|whom|whose|to)$/i.test(head.text)) continue;
      // Without a comma, only a clear subject opens a clause ("a bold and colorful graphic that …" is no clause).
      if (bare && !/^(?:PRP|DT|EX|PRP\$|NNS|NNP|NNPS)$/.test(head.tag)) continue;
      // A subject, then a finite verb within a few words: a clause, not the last item of a list.
      const verbAt = finite(head) ? 0 : rest.slice(k + 1, k + 7).findIndex((x, j, all) => finite(x, CLAUSE_VERB) && !/^to$/i.test((j > 0 ? all[j - 1]! : head).text));
      // The verb must be the clause's own, not a relative clause's inside the subject ("graphic that represents").
      if (verbAt < 0 || rest.slice(k, k + 1 + verbAt).some((x) => x.text === ',' || /^(?:that|which|who|whom|whose)$/i.test(x.text))) continue;
      if (prefix && LINKING_ADVERBS.test(rest[0]!.text)) prefix = '';
    }
    const left = `${sentence.slice(0, t.start).replace(/[\s,;:]+$/, '')}.`;
    const body = sentence.slice(from.start);
    const right = prefix ? prefix + body : capitalize(body);
    const distance = Math.abs(wordsBefore - words / 2);
    if (!best || distance < best.distance) best = { left, right, distance };
    from = rest[0]!;
  }
  return best && { left: best.left, right: best.right };
}

/** "Although X, Y." → "X. But Y."; "Because X, Y." → "X. So Y." — when both halves are clauses. */
function splitLeadingClause(sentence: string): { left: string; right: string } | undefined {
  const m = /^(Although|Though|While|Whereas|Because) /.exec(sentence);
  if (!m) return undefined;
  const toks = tagged(sentence);
  const comma = toks.findIndex((t) => t.text === ',');
  if (comma < 4 || toks.slice(comma + 1).filter(isWord).length < 4) return undefined;
  const first = toks.slice(1, comma);
  const second = toks.slice(comma + 1);
  if (!first.some((x) => finite(x, CLAUSE_VERB)) || !SUBJECT_TAG.test(first[0]!.tag) || !SUBJECT_TAG.test(second[0]?.tag ?? '')) return undefined;
  if (!second.slice(1, 7).some((x) => finite(x, CLAUSE_VERB)) || second.some((x) => x.text === ';')) return undefined;
  if (/^(?:CC|IN|DT|TO)$/.test(first[first.length - 1]!.tag)) return undefined;
  const left = `${capitalize(sentence.slice(first[0]!.start, toks[comma]!.start))}.`;
  const right = `${m[1] === 'Because' ? 'So' : 'But'} ${sentence.slice(second[0]!.start)}`;
  return { left, right };
}

/** Simple: a sentence over the strength's limit becomes two (or more) at a safe point, each a full sentence. */
export function splitLongSentence(sentence: string, strength: number, depth = 0): string {
  if (depth > 3 || countWords(sentence) <= SIMPLE_SENTENCE_LIMIT[strength - 1]!) return sentence;
  const split = (strength >= 4 ? splitLeadingClause(sentence) : undefined) ?? splitPoint(sentence, strength);
  if (!split) return sentence;
  return `${splitLongSentence(split.left, strength, depth + 1)} ${splitLongSentence(split.right, strength, depth + 1)}`;
}

const PASSIVE_SUBJECT = /^(?:The|A|An|This|That|These|Those|Its|Their|Our|His|Her|My|Each|Every)\b/;
/**
 * Simple: a short passive with an explicit agent becomes active, only in the one shape where it is certain —
 * "[Subject ≤ 5 words] was/were [regular past participle] by [agent ≤ 6 words]." → "[Agent] [verb] [subject]."
 */
export function activeVoice(sentence: string): string {
  const m = /^((?:[\p{L}\uE000-\uE001\d'’-]+ ){0,4}[\p{L}\uE000-\uE001\d'’-]+) (?:was|were) (\p{Ll}{3,}ed) by ((?:[\p{L}\uE000-\uE001\d'’-]+ ){0,5}[\p{L}\uE000-\uE001\d'’-]+)\.$/u.exec(sentence);
  if (!m || /(?:^|\s)(?:not|never|no|it|there|which|that|who)(?:\s|$)/i.test(`${m[1]} ${m[3]}`) || /eed$/.test(m[2]!)) return sentence;
  const subject = PASSIVE_SUBJECT.test(m[1]!) ? m[1]![0]!.toLowerCase() + m[1]!.slice(1) : undefined;
  if (!subject) return sentence;
  const toks = tagged(m[3]!);
  if (!toks.length || !/^(?:DT|NN|NNS|NNP|NNPS|JJ|CD|PRP\$)$/.test(toks[0]!.tag) || toks.some((t) => FINITE.has(t.tag))) return sentence;
  return `${capitalize(m[3]!)} ${m[2]} ${subject}.`;
}

// ---------------------------------------------------------------------------------------------------------------
// Formal
// ---------------------------------------------------------------------------------------------------------------

/** Formal: "get" by what follows — "become" before an adjective or comparative, "obtain" before a noun phrase. */
const GET_RE = /(?<![\p{L}\uE001'’-])(get|gets|got|getting)\s+(?=(\S+)(\s+\S+)?)/giu;
const GET_FORMS: Readonly<Record<string, [become: string, obtain: string]>> = { get: ['become', 'obtain'], gets: ['becomes', 'obtains'], got: ['became', 'obtained'], getting: ['becoming', 'obtaining'] };

export function formalStructure(masked: string): string {
  let out = masked.replace(FORMAL_INTENSIFIER_RE, (found: string, offset: number, whole: string) => (startsBeforeMask(whole, offset, found) ? found : GAP));
  out = out.replace(GET_RE, (found: string, verb: string, next: string, after: string | undefined) => {
    const forms = GET_FORMS[verb.toLowerCase()]!;
    const word = next.replace(/[^\p{L}]/gu, '').toLowerCase();
    // "get better" → "become better", but "get better results" is obtaining.
    const closes = /[,.;:!?]$/.test(next) || !after || /^\s+\p{L}+ly\b/u.test(after) || /^\s+(?:at|in|than|and|or|with|about|when|if|because|by|to|over|as)\b/i.test(after);
    if (closes && /^(?:better|worse|more|less|older|bigger|harder|easier|worried|tired|bored|sick|angry|upset|involved|married|lost|confused|used|ready|worse)$/.test(word)) return `${withCaseOf(verb, forms[0])} `;
    if (/^(?:better|worse)$/.test(word)) return `${withCaseOf(verb, forms[1])} `;
    if (/^(?:a|an|the|some|enough|more|their|his|her|its|our|my|your|access|help|information|feedback|support|results|data|jobs?|money|grades|funding|approval|permission)$/.test(word)) return `${withCaseOf(verb, forms[1])} `;
    return found;
  });
  // "a lot of" → "a considerable number of" before a plural, "considerable" before a mass noun.
  out = out.replace(/(?<![\p{L}\uE001-])(a lot of|lots of|plenty of|tons of)\s+(\p{L}+)/giu, (_, phrase: string, noun: string) =>
    `${withCaseOf(phrase, /[^s]s$/i.test(noun) && !/ness$|ics$/.test(noun) ? 'a considerable number of' : 'considerable')} ${noun}`,
  );
  out = out.replace(/[^.!?]+[.!?]*/g, impersonal);
  // "So" and "Also" without a comma at a sentence start (not "So far", "So much", "Also known as").
  out = out.replace(new RegExp(`${SENTENCE_START}So (?!far|much|many|long|that|too|called|to|,)`, 'g'), (_, lead: string) => `${lead}Therefore, `);
  out = out.replace(new RegExp(`${SENTENCE_START}Also (?!known|called|,)`, 'g'), (_, lead: string) => `${lead}Furthermore, `);
  // Verb → nominal phrase, sparingly: "affects" → "has an effect on" (a verb after a subject or a modal only).
  out = out.replace(/(?<![\p{L}\uE001-])(can|could|may|might|will|would|should|must|to|not) affect\b/gu, (_, before: string) => `${before} have an effect on`);
  out = out.replace(/(?<=\p{L}\s)affects(?=\s+(?:the|a|an|their|his|her|its|our|how|many|most|all|\p{L}+s)\b)/gu, 'has an effect on');
  return out;
}

/**
 * Formal: the generic second person made impersonal, a whole sentence at a time or not at all — the first "you"
 * becomes "people", later ones "they"/"them", "yourself" "themselves"; a sentence with "your" stays (neither "people's
 * classmates" nor "one's" reads well). The plural keeps
 * every verb's form ("you stop" → "people stop", "you are" → "people are"). A sentence with "thank you", "you guys"
 * or a "you" the tagger cannot place stays as written.
 */
function impersonal(sentence: string): string {
  // A sentence opening on a protected span may hide a "you" the rules cannot see ("You'll" read as a name).
  if (!/\byou/i.test(sentence) || /^\s*\uE000/.test(sentence) || /\byour|\bthank you\b|\byou guys\b|\byou all\b|\byours\b/i.test(sentence)) return sentence;
  const toks = tagged(sentence);
  let out = '';
  let at = 0;
  let mentioned = false;
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i]!;
    const word = t.text.toLowerCase();
    if (word !== 'you' && word !== 'your' && word !== 'yourself' && word !== 'yourselves') continue;
    const before = toks[i - 1];
    const object = word === 'you' && before !== undefined && /^(?:VB|VBZ|VBP|VBD|VBG|VBN|IN|TO)$/.test(before.tag) && !/^(?:that|if|when|because|as|than|while|unless|once|before|after|until|since|whether|so)$/i.test(before.text);
    const next = word === 'you' ? toks[i + 1]?.text.toLowerCase() : undefined;
    if (next && /^(?:'re|’re|'ve|’ve|'ll|’ll|'d|’d)$/.test(next)) return sentence;
    const to =
      word === 'yourself' || word === 'yourselves' ? 'themselves' : word === 'your' ? (mentioned ? 'their' : "people's") : object ? (mentioned ? 'them' : 'people') : mentioned ? 'they' : 'people';
    mentioned = true;
    out += sentence.slice(at, t.start) + withCaseOf(t.text, to);
    at = t.end;
  }
  return out + sentence.slice(at);
}

/** F-lowering, plain-English reorderings shared by the Simple mode (after its word rules). */
export const SIMPLE_SENTENCE_OPENERS_AFTER_SPLIT = /^(?:However|Therefore|Moreover|Furthermore|Additionally|Consequently|Nevertheless),\s/;

export { capitalize, countWords, escapeRegExp, SENTENCE_START, withCaseOf };

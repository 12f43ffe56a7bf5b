/**
 * Clause-level rewrites of one tagged sentence (or two neighbours): the sentence keeps its words and claims,
 * only their order and the grammatical frame change. Each step recognises a narrow pattern, builds the new
 * order from the tagged tokens and refuses anything it cannot parse; rewrite.ts keeps a result only when it adds
 * no rule violation. Words a step moves are marked, so a later pass never moves them back.
 */
import { lexicon } from './lexicon.ts';
import { lmWord, pmi } from './lm.ts';
import { RESULT_VERBS } from './phrases.ts';
import {
  FINITE,
  capitalized,
  chance,
  decapitalized,
  fresh,
  hasFiniteVerb,
  inflect,
  lower,
  markMoved,
  pastFromParticiple,
  presentS,
  opensClause,
  withCase,
  withLastSpace,
  wordCount,
  type Rng,
  type Settings,
} from './helpers.ts';
import type { Token } from './tokens.ts';

// --- noun phrases ----------------------------------------------------------------------------------------------

const DETERMINER_TAGS = new Set(['DT', 'PRP$', 'CD', 'PDT']);
const MODIFIER_TAGS = new Set(['JJ', 'JJR', 'JJS', 'VBN', 'VBG', 'NN', 'NNP', 'NNPS', 'CD', 'RBS']);
const NOUN_TAGS = new Set(['NN', 'NNS', 'NNP', 'NNPS']);

const isNoun = (t: Token) => NOUN_TAGS.has(t.tag) || t.prot === 'name' || t.prot === 'term';

/**
 * True when the tokens form a plain noun phrase: (det)? modifiers* noun+, optionally joined by "of"/"and" to
 * further such phrases ("the members of the committee", "John and his sister"), or a lone pronoun.
 */
function isNounPhrase(tokens: Token[], max = 8): boolean {
  if (tokens.length === 0 || tokens.length > max) return false;
  if (tokens.length === 1 && tokens[0]!.tag === 'PRP') return true;
  let state: 'start' | 'mods' | 'noun' = 'start';
  for (const t of tokens) {
    if (t.prot === 'quote' || t.prot === 'citation' || t.prot === 'url' || t.prot === 'code' || t.prot === 'email') return false;
    const w = lower(t);
    if (state === 'noun' && (w === 'of' || w === 'and') && !t.prot) {
      state = 'start';
      continue;
    }
    if (isNoun(t) || (t.tag === 'PRP' && state === 'start')) {
      state = 'noun';
      continue;
    }
    if (state === 'noun') return false; // a determiner or adjective after the head: not one phrase
    if (state === 'start' && (DETERMINER_TAGS.has(t.tag) || t.prot === 'number')) {
      state = 'mods';
      continue;
    }
    if (MODIFIER_TAGS.has(t.tag) || t.prot === 'number') {
      state = 'mods';
      continue;
    }
    return false;
  }
  return state === 'noun';
}

/** The head noun of a noun phrase: the last noun before "of", or the last token. */
function headOf(tokens: Token[]): Token {
  const of = tokens.findIndex((t) => lower(t) === 'of');
  const part = of > 0 ? tokens.slice(0, of) : tokens;
  return part[part.length - 1]!;
}

/** The tokens with their spaces reset to single spaces (only for runs of words, no punctuation inside). */
function respaced(tokens: Token[], lastSpace = ' '): Token[] {
  return tokens.map((t, i) => {
    const next = tokens[i + 1];
    const space = !next ? lastSpace : /^['’]\p{L}+$/u.test(next.text) ? '' : ' ';
    return t.space === space ? t : { ...t, space };
  });
}

/** The sentence's tokens with the first word capitalized, or undefined if it cannot be. */
function startSentence(tokens: Token[]): Token[] | undefined {
  const first = tokens[0];
  if (!first) return undefined;
  if (first.prot && !/^[\p{Lu}\p{N}"“‘'(]/u.test(first.text)) return undefined;
  return [capitalized(first), ...tokens.slice(1)];
}

/** The tokens with the first word in lowercase where it is a common word, unchanged for names; undefined for "I"-like cases it cannot judge. */
function continueSentence(tokens: Token[]): Token[] | undefined {
  const first = tokens[0];
  if (!first) return undefined;
  if (first.prot) return tokens;
  if (/^\p{Ll}/u.test(first.text)) return tokens;
  // Names are protected spans; the tagger also reads some capitalized sentence openers as NNP ("Many").
  if (first.tag === 'NNP' || first.tag === 'NNPS') {
    const low = first.text.toLowerCase();
    if (!/^\p{Lu}\p{Ll}+$/u.test(first.text) || !lexicon().common.has(low)) return tokens;
    return [{ ...first, text: low, fresh: true }, ...tokens.slice(1)];
  }
  const low = decapitalized(first, tokens[1]);
  return low ? [low, ...tokens.slice(1)] : undefined;
}

// --- passive to active --------------------------------------------------------------------------------------------

const PASSIVE_BE: Record<string, 'past' | 'present'> = { is: 'present', are: 'present', was: 'past', were: 'past' };
const TO_OBJECT: Record<string, string> = { i: 'me', he: 'him', she: 'her', we: 'us', they: 'them', it: 'it', you: 'you' };
const TO_SUBJECT: Record<string, string> = { me: 'I', him: 'he', her: 'she', us: 'we', them: 'they', it: 'it', you: 'you' };
// Heads of "by" phrases that name a means, place or time, not an agent ("by car", "by the river", "by the end").
const NOT_AGENT = new Set(
  'way time end side river road sea lake window door wall hand phone mail email post car bus train plane boat ship foot air night day morning evening afternoon noon chance accident mistake default means design nature law name birth bank shore edge fire light percent point margin year years month week hour minute number total standard measure rule'.split(
    ' ',
  ),
);
// Participles whose passive has no natural active ("was born", "is known by", "is based on").
const NO_ACTIVE = new Set('bear base know call name locate situate compose title dub entitle deem term label'.split(' '));

/** "The plan was approved by the board." → "The board approved the plan." */
function passiveToActive(tokens: Token[]): Token[] | undefined {
  const n = tokens.length;
  const end = tokens[n - 1]!;
  if (end.text !== '.' || n < 6) return undefined;
  const by = tokens.findIndex((t, i) => i > 2 && lower(t) === 'by' && !t.prot && !t.fresh && (tokens[i - 1]!.tag === 'VBN' || tokens[i - 1]!.tag === 'VBD'));
  if (by < 0) return undefined;
  const participle = tokens[by - 1]!;
  if (participle.fresh || NO_ACTIVE.has(participle.lemma)) return undefined;
  let k = by - 2;
  let adverb: Token | undefined;
  if (tokens[k]?.tag === 'RB' && !/^(?:not|n['’]t|never)$/i.test(tokens[k]!.text)) adverb = tokens[k--];
  const aux = tokens[k];
  if (!aux || aux.prot) return undefined;
  let kind: 'past' | 'present' | 'modal' | 'perfect';
  let helper: Token | undefined;
  const a = lower(aux);
  if (PASSIVE_BE[a]) kind = PASSIVE_BE[a]!;
  else if (a === 'be' && tokens[k - 1]?.tag === 'MD' && !/['’]/.test(tokens[k - 1]!.text)) {
    kind = 'modal';
    helper = tokens[--k];
  } else if (a === 'been' && /^(?:has|have|had)$/.test(lower(tokens[k - 1]))) {
    kind = 'perfect';
    helper = tokens[--k];
  } else return undefined;
  // An introductory phrase ("In 2010, …") stays in front.
  let from = 0;
  const comma = tokens.findIndex((t) => t.text === ',');
  if (comma >= 0 && comma < k) {
    if (comma > 6 || hasFiniteVerb(tokens, 0, comma) || tokens.slice(comma + 1, k).some((t) => t.text === ',')) return undefined;
    from = comma + 1;
  }
  const subject = tokens.slice(from, k);
  let agent = tokens.slice(by + 1, n - 1);
  // "… by the board last week." → the time phrase closes the active sentence too.
  let tail: Token[] = [];
  for (let cut = 1; cut <= 4 && !isNounPhrase(agent) && agent.length > cut; cut++) {
    if (isTimePhrase(agent.slice(-cut))) {
      tail = agent.slice(-cut);
      agent = agent.slice(0, -cut);
    }
  }
  if (!isNounPhrase(subject) || !isNounPhrase(agent) || subject.some((t) => t.fresh) || agent.some((t) => t.fresh)) return undefined;
  if (subject[0]!.tag === 'EX' || (subject.length === 1 && subject[0]!.tag === 'PRP' && !TO_OBJECT[lower(subject[0])])) return undefined;
  const head = headOf(agent);
  if (head.prot === 'date' || head.prot === 'number' || NOT_AGENT.has(lower(head)) || NOT_AGENT.has(head.lemma)) return undefined;
  // A bare singular noun names a means ("by hand", "by phone"), not who acted.
  if (head.tag === 'NN' && !agent.some((t) => DETERMINER_TAGS.has(t.tag))) return undefined;
  if (agent.length === 1 && agent[0]!.tag === 'PRP' && !TO_SUBJECT[lower(agent[0])]) return undefined;
  const plural = head.tag === 'NNS' || head.tag === 'NNPS' || agent.some((t) => lower(t) === 'and') || /^(?:them|us|you|me)$/.test(lower(head));
  const form = participle.text.toLowerCase();
  const lemma = participle.lemma;
  // The tagger's lemma must be the participle's own verb ("funded" → "fund"), or the present form would be wrong.
  if (!/^[a-z]+$/.test(lemma) || lemma === form || lemma.slice(0, 2) !== form.slice(0, 2)) return undefined;
  let verb: string;
  if (kind === 'past') verb = pastFromParticiple(form);
  else if (kind === 'present') verb = plural ? lemma : presentS(lemma);
  else if (kind === 'modal') verb = lemma;
  else verb = form;
  const newSubject = agent.map((t) => (t.tag === 'PRP' && TO_SUBJECT[lower(t)] ? { ...t, text: TO_SUBJECT[lower(t)]!, fresh: true } : t));
  const object = subject.map((t) => (t.tag === 'PRP' && TO_OBJECT[lower(t)] ? { ...t, text: TO_OBJECT[lower(t)]!, fresh: true } : t));
  const movedObject = from === 0 ? continueSentence(object) : object;
  if (!movedObject) return undefined;
  const verbTokens: Token[] = [];
  if (kind === 'modal') verbTokens.push(helper!);
  if (kind === 'perfect') verbTokens.push(fresh(lower(helper) === 'had' ? 'had' : plural ? 'have' : 'has'));
  if (adverb) verbTokens.push(adverb);
  verbTokens.push({ ...participle, text: verb, fresh: true });
  let front = respaced([...newSubject, ...verbTokens, ...movedObject, ...tail], '');
  if (from === 0) {
    const started = startSentence(front);
    if (!started) return undefined;
    front = started;
  } else if (/^\p{Lu}/u.test(front[0]!.text) && !front[0]!.prot && front[0]!.tag !== 'NNP') {
    const low = decapitalized(front[0]!, front[1]);
    if (!low) return undefined;
    front[0] = low;
  }
  return [...tokens.slice(0, from), ...markMoved(front), end];
}

// --- small reductions -----------------------------------------------------------------------------------------------

const RELATIVE = new Set(['who', 'that', 'which']);

/** "There are many people who believe X." → "Many people believe X." */
function thereIsRelative(tokens: Token[]): Token[] | undefined {
  if (lower(tokens[0]) !== 'there' || !/^(?:is|are|was|were)$/.test(lower(tokens[1])) || tokens[0]!.fresh) return undefined;
  for (let r = 3; r < Math.min(tokens.length - 2, 10); r++) {
    if (!RELATIVE.has(lower(tokens[r])) || tokens[r]!.prot) continue;
    const verb = tokens[r + 1]!;
    if (!/^(?:VBZ|VBP|VBD|MD)$/.test(verb.tag)) return undefined;
    const phrase = tokens.slice(2, r);
    if (!isNounPhrase(phrase, 6) || phrase.some((t) => t.tag === 'PRP')) return undefined;
    const started = startSentence(phrase);
    if (!started) return undefined;
    return [...markMoved(started), ...tokens.slice(r + 1)];
  }
  return undefined;
}

/** ", which is the capital of France," → ", the capital of France," (an appositive instead of a relative clause). */
function dropWhichIs(tokens: Token[]): Token[] | undefined {
  for (let i = 1; i < tokens.length - 4; i++) {
    if (tokens[i]!.text !== ',' || !/^(?:which|who)$/.test(lower(tokens[i + 1])) || !/^(?:is|are|was|were)$/.test(lower(tokens[i + 2]))) continue;
    if (!isNoun(tokens[i - 1]!) || tokens[i + 1]!.fresh) continue;
    let j = i + 3;
    while (j < tokens.length && tokens[j]!.text !== ',' && tokens[j]!.text !== '.') j++;
    if (j >= tokens.length) continue;
    const phrase = tokens.slice(i + 3, j);
    if (!isNounPhrase(phrase) || !DETERMINER_TAGS.has(phrase[0]!.tag) || phrase[0]!.tag === 'CD') continue;
    return [...tokens.slice(0, i + 1), ...tokens.slice(i + 3)];
  }
  return undefined;
}

/** "is not only fast but also cheap" → "is both fast and cheap". */
function notOnlyButAlso(tokens: Token[]): Token[] | undefined {
  const i = tokens.findIndex((t, k) => k > 0 && lower(t) === 'not' && /^(?:only|just)$/.test(lower(tokens[k + 1])) && !t.prot);
  if (i < 0) return undefined;
  let j = i + 2;
  while (j < tokens.length - 1 && !(lower(tokens[j]) === 'but' && lower(tokens[j + 1]) === 'also')) {
    if (/^[.;:!?]$/.test(tokens[j]!.text)) return undefined;
    j++;
  }
  if (j >= tokens.length - 1) return undefined;
  let first = tokens.slice(i + 2, j);
  if (first[first.length - 1]?.text === ',') first = first.slice(0, -1);
  if (wordCount(first) < 1 || first.some((t) => t.text === ',') || /^(?:that|because|since|if|when)$/.test(lower(first[0]))) return undefined;
  const second = tokens.slice(j + 2);
  if (wordCount(second) < 2) return undefined;
  return [...tokens.slice(0, i), fresh('both'), ...withLastSpace(first, ' '), fresh('and'), ...second];
}

/** "people who are living in poverty" → "people living in poverty"; "a man who was known for" → "a man known for". */
function reduceRelative(tokens: Token[]): Token[] | undefined {
  for (let i = 1; i < tokens.length - 3; i++) {
    if (!RELATIVE.has(lower(tokens[i])) || tokens[i]!.prot || tokens[i]!.fresh || !/^(?:is|are|was|were)$/.test(lower(tokens[i + 1]))) continue;
    const prev = tokens[i - 1]!;
    const verb = tokens[i + 2]!;
    if (!(NOUN_TAGS.has(prev.tag) || prev.prot === 'name') || !/^(?:VBG|VBN)$/.test(verb.tag) || verb.prot) continue;
    // "the man who was injured was …": the reduced clause must not leave two verbs side by side.
    if (FINITE.has(tokens[i + 3]?.tag ?? '') && tokens[i + 3]!.tag !== 'VBN') continue;
    return [...tokens.slice(0, i), ...tokens.slice(i + 2)];
  }
  return undefined;
}

/** True when a participle phrase goes on with another one (", raising awareness, and pressuring …"): both would need the new tense. */
function coordinatedParticiple(rest: Token[]): boolean {
  return rest.some((t, i) => t.tag === 'VBG' && i > 0 && /^(?:and|or|,)$/.test(lower(rest[i - 1])));
}

// Participles that work as prepositions (", according to a study", ", including …"): no verb behind them.
const PREPOSITIONAL_PARTICIPLES = new Set(['according', 'including', 'regarding', 'concerning', 'following', 'considering', 'excluding', 'involving', 'depending', 'starting', 'beginning', 'ranging', 'assuming', 'pending', 'barring', 'owing', 'judging', 'speaking', 'resulting']);

/** ", leaving users angry." → " and left users angry." (the participle takes the main clause's tense). */
function participleToFinite(tokens: Token[]): Token[] | undefined {
  const end = tokens[tokens.length - 1]!;
  if (end.text !== '.' || tokens.some((t) => t.prot === 'quote')) return undefined;
  // An introductory phrase ("With trembling hands, I …") may stand before the main clause.
  const intro = tokens.findIndex((t) => t.text === ',');
  const start = intro > 0 && intro <= 6 && !hasFiniteVerb(tokens, 0, intro) && opensClause(tokens, intro + 1) ? intro + 1 : 0;
  for (let c = start + 3; c < tokens.length - 4; c++) {
    const adverb = tokens[c + 1]!.tag === 'RB' && /ly$/.test(tokens[c + 1]!.text) ? 1 : 0;
    const verb = tokens[c + 1 + adverb]!;
    if (tokens[c]!.text !== ',' || verb.tag !== 'VBG' || verb.prot || verb.fresh || tokens[c]!.fresh || PREPOSITIONAL_PARTICIPLES.has(lower(verb))) continue;
    const main = tokens.slice(start, c);
    if (!opensClause(main, 0) || FRONTABLE.has(lower(main[0])) || main.some((t) => t.text === ';' || t.text === ',' || t.fresh)) return undefined;
    // Only one finite verb in the main clause: with two ("He said it rained, causing …") the subject is unclear.
    const finite = main.filter((t) => /^(?:VBD|VBZ|VBP|MD)$/.test(t.tag));
    if (finite.length !== 1 || finite[0]!.tag === 'MD' || /^(?:is|are|was|were|has|have|had|am)$/i.test(finite[0]!.text) && main.some((t) => t.tag === 'VBN' || t.tag === 'VBG')) return undefined;
    const tense = finite[0]!.tag === 'VBD' ? 'VBD' : finite[0]!.tag === 'VBZ' ? 'VBZ' : 'VBP';
    const form = inflect(verb.lemma, tense);
    if (!form || /\s/.test(form) || wordCount(tokens.slice(c + 2 + adverb)) < 2) return undefined;
    if (coordinatedParticiple(tokens.slice(c + 2 + adverb))) return undefined;
    const adverbs = adverb ? [{ ...tokens[c + 1]!, space: ' ' }] : [];
    return [...tokens.slice(0, start), ...withLastSpace(main, ' '), fresh('and'), ...adverbs, { ...verb, text: form, fresh: true }, ...tokens.slice(c + 2 + adverb)];
  }
  return undefined;
}

const SAY_VERBS = new Set(['say', 'report', 'add', 'explain', 'note', 'claim', 'argue', 'insist', 'warn', 'announce', 'confirm', 'state', 'believe', 'think']);

/** "Police said (that) the man was arrested." → "The man was arrested, police said." */
function saidInversion(tokens: Token[]): Token[] | undefined {
  const end = tokens[tokens.length - 1]!;
  if (end.text !== '.' || tokens.some((t) => t.prot === 'quote' || t.text === ',' || t.text === ';' || t.text === ':')) return undefined;
  const v = tokens.findIndex((t) => /^(?:VBD|VBZ|VBP)$/.test(t.tag));
  if (v < 1 || v > 5) return undefined;
  const verb = tokens[v]!;
  if (!SAY_VERBS.has(verb.lemma) || verb.fresh || verb.prot) return undefined;
  const speaker = tokens.slice(0, v);
  if (!isNounPhrase(speaker, 5) || speaker.some((t) => t.fresh || t.moved)) return undefined;
  let from = v + 1;
  if (lower(tokens[from]) === 'that') from++;
  const clause = tokens.slice(from, -1);
  if (!opensClause(clause, 0) || wordCount(clause) < 5 || !hasFiniteVerb(clause)) return undefined;
  const started = startSentence(clause);
  const who = continueSentence(speaker);
  if (!started || !who) return undefined;
  return [...markMoved(withLastSpace(started, '')), fresh(',', ' '), ...markMoved(respaced([...who, verb], '')), end];
}

/** Whether a sentence ends as `saidInversion` leaves it: "…, some people argue." (the speaker and verb moved there). */
export function endsInverted(tokens: readonly Token[]): boolean {
  const verb = tokens[tokens.length - 2];
  return verb !== undefined && verb.moved === true && SAY_VERBS.has(verb.lemma) && tokens.some((t) => t.fresh && t.text === ',');
}

const MOVABLE_ADVERBS = new Set(
  'suddenly eventually gradually slowly quickly immediately soon recently initially ultimately quietly carefully silently instantly rapidly reluctantly eagerly nervously gently instinctively hesitantly unexpectedly abruptly swiftly promptly subsequently later finally'.split(' '),
);
const AUXILIARY = /^(?:is|are|was|were|has|have|had|am|will|would|can|could|may|might|must|shall|should)$/;

/** "Suddenly, the lights went out." ⇄ "The lights suddenly went out." */
function moveAdverb(tokens: Token[]): Token[] | undefined {
  const end = tokens[tokens.length - 1]!;
  if (end.text !== '.' || tokens.some((t) => t.prot === 'quote')) return undefined;
  const first = tokens[0]!;
  if (MOVABLE_ADVERBS.has(lower(first)) && tokens[1]?.text === ',' && lower(first) !== 'finally' && !first.fresh && !first.moved) {
    // To the position before the main verb (after an auxiliary).
    const rest = tokens.slice(2, -1);
    const v = rest.findIndex((t) => FINITE.has(t.tag));
    if (v < 1 || v > 6 || !isNounPhrase(rest.slice(0, v)) || rest.slice(0, v).some((t) => t.text === ',')) return undefined;
    const at = AUXILIARY.test(lower(rest[v])) && /^(?:VB|JJ|RB)/.test(rest[v + 1]?.tag ?? '') ? v + 1 : v;
    if (!AUXILIARY.test(lower(rest[v])) && !/^(?:VBD|VBZ|VBP)$/.test(rest[v]!.tag)) return undefined;
    // Not into a negated verb group: "Ultimately, the Revolution did not immediately produce …" read "The Revolution
    // eventually did not immediately produce …".
    if (rest.slice(v, v + 3).some((t) => /^(?:not|n't|never)$/i.test(t.text))) return undefined;
    const started = startSentence(rest);
    if (!started) return undefined;
    const adverb = { ...first, text: first.text.toLowerCase(), space: ' ', moved: true };
    return [...started.slice(0, at), adverb, ...started.slice(at), end];
  }
  // Before the main verb → to the front.
  for (let i = 1; i < Math.min(tokens.length - 3, 7); i++) {
    const t = tokens[i]!;
    if (!MOVABLE_ADVERBS.has(lower(t)) || t.fresh || t.moved || t.prot) continue;
    const subject = tokens.slice(0, i);
    if (!/^(?:VBD|VBZ|VBP)$/.test(tokens[i + 1]!.tag) || !isNounPhrase(subject) || subject.some((x) => x.text === ',')) return undefined;
    const rest = continueSentence([...subject, ...tokens.slice(i + 1, -1)]);
    if (!rest) return undefined;
    const adverb = { ...t, text: withCase(t.text.toLowerCase(), 'A'), space: '', moved: true };
    return [adverb, fresh(',', ' '), ...rest, end];
  }
  return undefined;
}

// Fixed pairs whose order is part of the phrase ("black and white"), besides WordNet's multi-word entries.
const BINOMIALS = new Set(
  `black white rock roll salt pepper bread butter law order pros cons trial error life death ladies gentlemen husband wife
  up down back forth more less now then safe sound rise fall research development supply demand peace quiet arts crafts
  fish chips odds ends bits pieces wear tear give take hit run north south east west day night sooner later once first
  foremost each every loud clear pure simple short sweet sick tired mother father brothers sisters king queen bride groom
  heaven earth body soul mind heart flesh blood cause effect question answer trials tribulations checks balances
  birth death start end beginning past future problem solution before after input output sink swim`.split(/\s+/),
);
const BINOMIAL_PAIRS = new Set(
  'black white|rock roll|salt pepper|bread butter|law order|pros cons|trial error|life death|ladies gentlemen|husband wife|up down|back forth|more less|now then|safe sound|rise fall|research development|supply demand|peace quiet|arts crafts|fish chips|odds ends|bits pieces|wear tear|give take|hit run|north south|east west|day night|sooner later|first foremost|each every|loud clear|pure simple|short sweet|sick tired|mother father|brothers sisters|king queen|bride groom|heaven earth|body soul|heart soul|mind body|flesh blood|cause effect|question answer|trials tribulations|checks balances|men women|boys girls|young old|rich poor|old young|time space|name address|nook cranny|ups downs|highs lows|strengths weaknesses|goods services|friends family|family friends|science technology|health safety|fruits vegetables|arts sciences|food water|food drink|pain suffering|blood sweat|dos donts|ins outs|hustle bustle|wine dine|sticks stones|cats dogs|bells whistles|nuts bolts|pen paper|thunder lightning|war peace|crime punishment|pride prejudice|sense sensibility|love hate|good evil|right wrong|true false|past present|present future|past future|start finish|beginning end|head toe|top bottom|left right|front back|in out|on off|yes no|win lose|birth death|life birth|birth life|problem solution|input output|sink swim|before after|cause consequence|crime justice|law justice'.split('|'),
);

/** "grief and desperation" → "desperation and grief": two single-word conjuncts of one kind change places. */
function swapCoordination(tokens: Token[], collocations: Set<string>): Token[] | undefined {
  for (let i = 2; i < tokens.length - 2; i++) {
    const conj = tokens[i]!;
    if (!/^(?:and|or)$/.test(lower(conj)) || conj.fresh || conj.prot) continue;
    const a = tokens[i - 1]!;
    const b = tokens[i + 1]!;
    const before = tokens[i - 2]!;
    const after = tokens[i + 2];
    if (a.prot || b.prot || a.fresh || b.fresh || a.moved || b.moved || !/^\p{Ll}+$/u.test(a.text) || !/^\p{Ll}+$/u.test(b.text)) continue;
    const kind = (t: Token) => (/^NNS?$/.test(t.tag) ? t.tag : t.tag === 'JJ' ? 'JJ' : '');
    if (!kind(a) || kind(a) !== kind(b)) continue;
    // Each conjunct must be whole: a determiner, preposition, verb or comma before it, no noun or "'s" after it.
    if (!/^(?:DT|PRP\$|IN|TO|VB|VBD|VBZ|VBP|VBN|VBG|,|CC|RB)$/.test(before.tag === '' ? before.text : before.tag) && before.text !== ',') continue;
    if (/^(?:a|an)$/i.test(before.text)) continue;
    if (after && (/^(?:NN|NNS|NNP|NNPS|POS|JJ|CD)$/.test(after.tag) || /^['’]/.test(after.text) || after.prot === 'name' || after.prot === 'term')) continue;
    // The tagger reads some verbs as nouns ("veer off the road and crash into"): a conjunct that is also a verb
    // and is followed by what a verb takes is left alone.
    const verbs = lexicon().verbForms;
    const verbal = (t: Token, n: Token | undefined) => verbs.has(lower(t)) && !!n && /^(?:IN|RP|TO|DT|PRP|PRP\$)$/.test(n.tag);
    if (verbal(b, after) || verbal(a, b)) continue;
    const pair = `${lower(a)} ${lower(b)}`;
    if (BINOMIAL_PAIRS.has(pair) || (BINOMIALS.has(lower(a)) && BINOMIALS.has(lower(b)))) continue;
    if (collocations.has(`${lower(a)} ${lower(conj)} ${lower(b)}`) || collocations.has(`${lower(b)} ${lower(conj)} ${lower(a)}`)) continue;
    const out = tokens.slice();
    out[i - 1] = { ...b, space: a.space, moved: true };
    out[i + 1] = { ...a, space: b.space, moved: true };
    return out;
  }
  return undefined;
}

// Heads that a possessor can own or show ("the team's members", "the war's impact"); partitives ("the rest of"),
// places ("the city of London") and action nouns with an unclear agent ("the use of") are not among them.
const POSSESSED = new Set(
  `members member owner owners president leader leaders head director founder impact effect effects importance success future
  history size quality value cost price growth failure goal goals role decision decisions response reaction support results
  findings safety health lives life death family families wife husband son daughter children mother father parents friends
  name home house car voice face eyes heart mind body words story career design structure shape colour color surface walls
  roof economy population government policy policies rules reputation strength strengths weakness weaknesses ability efforts
  plans approach mission vision legacy beauty power influence performance condition development behavior behaviour needs
  rights interests concerns fate collapse loss victory defeat survival recovery response attitude identity culture values
  budget revenue profits staff employees players fans supporters residents citizens officials leadership management owner
  features benefits risks outcome outcomes accuracy reliability popularity potential progress response credibility`.split(/\s+/),
);

/** "the members of the committee" → "the committee's members". */
function genitiveSwap(tokens: Token[]): Token[] | undefined {
  for (let i = 0; i < tokens.length - 4; i++) {
    if (lower(tokens[i]) !== 'the' || tokens[i]!.prot || tokens[i]!.fresh) continue;
    const head = tokens[i + 1]!;
    if (!POSSESSED.has(lower(head)) || head.prot || head.fresh || !/^NNS?$/.test(head.tag) || lower(tokens[i + 2]) !== 'of') continue;
    // "the lives of the victims" → "the victims' lives"; "the lives of innocent people" → "innocent people's lives".
    const definite = lower(tokens[i + 3]) === 'the';
    let j = definite ? i + 4 : i + 3;
    const adjective = tokens[j]?.tag === 'JJ' ? tokens[j++] : undefined;
    const owner = tokens[j];
    const after = tokens[j + 1];
    if (!owner || owner.prot || owner.fresh || !/^NNS?$/.test(owner.tag) || !/^\p{Ll}+$/u.test(owner.text) || (!definite && owner.tag !== 'NNS')) continue;
    if (after && (/^(?:NN|NNS|NNP|NNPS|POS|CD)$/.test(after.tag) || /^(?:of|'s|’s)$/.test(lower(after)) || after.prot === 'name')) continue;
    if (adjective && (adjective.prot || adjective.fresh)) continue;
    const possessive = owner.tag === 'NNS' && /s$/.test(owner.text) ? `${owner.text}'` : `${owner.text}'s`;
    const ownerToken = { ...owner, text: possessive, space: ' ', fresh: true };
    const headToken = { ...head, space: owner.space, moved: true };
    const middle: Token[] = adjective ? [{ ...adjective, space: ' ', moved: true }] : [];
    const the = definite ? [{ ...tokens[i]!, space: ' ', moved: true }] : [];
    if (!definite && i === 0) {
      const first = middle[0] ?? ownerToken;
      const started = startSentence([first]);
      if (!started) continue;
      if (middle[0]) middle[0] = started[0]!;
    }
    if (!definite && i === 0 && !middle[0]) continue;
    return [...tokens.slice(0, i), ...the, ...middle, ownerToken, headToken, ...tokens.slice(j + 1)];
  }
  return undefined;
}

// --- moving adverbials ------------------------------------------------------------------------------------------------

const TIME_NOUNS = new Set(
  'year years month months week weeks day days decade decades century centuries morning mornings afternoon evening evenings night nights weekend weekends season seasons summer winter spring autumn time times moment period periods hour hours minute minutes era past meantime aftermath wake course beginning end start interim'.split(
    ' ',
  ),
);
const TIME_PREPOSITIONS = new Set(['in', 'on', 'at', 'during', 'after', 'before', 'since', 'until', 'over', 'throughout', 'within', 'for', 'by']);
const TIME_ADVERBS = new Set(['today', 'yesterday', 'tonight', 'recently', 'later', 'earlier', 'nowadays', 'afterwards', 'afterward', 'eventually', 'suddenly', 'soon']);
const FRONT_PREPOSITIONS = new Set(['in', 'on', 'at', 'during', 'after', 'before', 'since', 'over', 'throughout', 'within', 'despite', 'following', 'amid', 'according', 'for', 'under', 'with']);

/** True when the tokens are a time phrase: a time adverb, "last year", or a preposition with a time noun or a date. */
function isTimePhrase(tokens: Token[]): boolean {
  if (tokens.length === 0 || tokens.some((t) => t.fresh || t.moved)) return false;
  if (tokens.length === 1) return TIME_ADVERBS.has(lower(tokens[0]));
  if (tokens.length === 2 && /^(?:last|this|next|that|every|each|one)$/.test(lower(tokens[0])) && TIME_NOUNS.has(lower(tokens[1]))) return true;
  const prep = lower(tokens[0]);
  if (!TIME_PREPOSITIONS.has(prep) || tokens[0]!.prot) return false;
  const rest = tokens.slice(1);
  if (rest.length === 0 || rest.length > 6) return false;
  if (rest.every((t) => t.prot === 'date' || t.prot === 'number' || /^(?:DT|JJ|CD|NNP)$/.test(t.tag)) && rest.some((t) => t.prot === 'date' || t.prot === 'number')) {
    return prep !== 'for' && prep !== 'by'; // "for 5" and "by 10" are amounts, not times
  }
  if (!isNounPhrase(rest, 6)) return false;
  const head = headOf(rest);
  return TIME_NOUNS.has(lower(head)) && (prep !== 'for' || /s$/.test(lower(head)) || rest.some((t) => /^(?:a|the|several|many)$/.test(lower(t))));
}

/** Words that open a subordinate clause, which needs a verb of its own. */
const SUBORDINATORS = new Set(['that', 'if', 'when', 'whether', 'because', 'although', 'though', 'while', 'since', 'unless', 'whereas', 'once', 'until']);

/**
 * True when a closing phrase may belong to a clause inside `main` rather than to its main verb: after "that", "if",
 * "when" … or a to-infinitive, "Many people find that they can do more in less time" is not "In less time, many
 * people find …", nor "They plan to open a store in 2025" "In 2025, they plan …".
 */
function embedsClause(main: Token[]): boolean {
  return main.some((t, k) => !t.prot && (SUBORDINATORS.has(lower(t)) || /^(?:which|who|whom|where|what|how|why)$/.test(lower(t)) || (lower(t) === 'to' && main[k + 1]?.tag === 'VB')));
}

/** "… in 2010." → "In 2010, …"; "The company grew last year." → "Last year, the company grew." */
function frontTimePhrase(tokens: Token[]): Token[] | undefined {
  const end = tokens[tokens.length - 1]!;
  if (end.text !== '.' || tokens.some((t) => t.text === ',' || t.text === ';' || t.prot === 'quote')) return undefined;
  const body = tokens.slice(0, -1);
  for (let len = 1; len <= 7; len++) {
    const p = body.length - len;
    if (p < 4) break;
    const phrase = body.slice(p);
    if (!isTimePhrase(phrase)) continue;
    const main = body.slice(0, p);
    if (!opensClause(main, 0) || wordCount(main) < 4 || !hasFiniteVerb(main)) return undefined;
    if (embedsClause(main)) return undefined;
    // "… since he left in 2010" is one clause's detail: only phrases after a main verb's complements move.
    if (/^(?:IN|TO|DT|CC|WDT|WP)$/.test(main[main.length - 1]!.tag)) return undefined;
    const rest = continueSentence(main);
    const front = startSentence(phrase);
    if (!rest || !front) return undefined;
    return [...markMoved(withLastSpace(front, '')), fresh(',', ' '), ...markMoved(withLastSpace(rest, '')), end];
  }
  return undefined;
}

// Nouns of discourse connectives: "in conclusion", "in addition", "as a result", "for example", "on the other hand".
const CONNECTIVE_NOUNS = new Set(
  'conclusion addition summary short fact general particular contrast words result end whole turn course meantime example instance sum brief essence reality practice theory comparison total effect retrospect hindsight truth hand case sense way opinion view'.split(' '),
);

/** "In 2019, the company opened an office." → "The company opened an office in 2019." */
function backFrontedPhrase(tokens: Token[]): Token[] | undefined {
  const end = tokens[tokens.length - 1]!;
  if (end.text !== '.' || tokens.some((t) => t.prot === 'quote' || t.text === ';' || t.text === ':')) return undefined;
  const comma = tokens.findIndex((t) => t.text === ',');
  if (comma < 1 || comma > 7) return undefined;
  const phrase = tokens.slice(0, comma);
  if (phrase.some((t) => t.fresh || t.moved || FINITE.has(t.tag) || t.prot === 'quote')) return undefined;
  const first = lower(phrase[0]);
  // A discourse connective ("In conclusion,", "In addition,", "For example,") belongs at the front of its sentence.
  if (phrase.length <= 4 && phrase.some((t) => CONNECTIVE_NOUNS.has(lower(t)))) return undefined;
  const according = first === 'according' && lower(phrase[1]) === 'to';
  const timed = isTimePhrase(phrase);
  if (!timed && !according && !(FRONT_PREPOSITIONS.has(first) && phrase.length >= 2 && isNounPhrase(phrase.slice(1), 6))) return undefined;
  if (!timed && !according && (first === 'with' || first === 'for' || first === 'under') && phrase.length < 3) return undefined;
  const main = tokens.slice(comma + 1, -1);
  if (!opensClause(main, 0) || wordCount(main) < 4 || main.some((t) => t.text === ',' || t.moved)) return undefined;
  // Not behind a clause of its own ("… by the very ambition that drove them by the end of the play"): at the end it
  // would be read as part of that clause.
  if (embedsClause(main)) return undefined;
  // The phrase must not end up right after a noun it could be read as modifying ("the rise in prices").
  const last = main[main.length - 1]!;
  if (!timed && !according && (NOUN_TAGS.has(last.tag) || last.prot === 'name') && lower(phrase[0]) === 'of') return undefined;
  const body = startSentence(main);
  const low = decapitalized(phrase[0]!, phrase[1]);
  if (!body || !low) return undefined;
  const moved = markMoved(withLastSpace([low, ...phrase.slice(1)], ''));
  const joint = according ? [fresh(',', ' ')] : [];
  return [...markMoved(withLastSpace(body, according ? '' : ' ')), ...joint, ...moved, end];
}

// --- clause order -----------------------------------------------------------------------------------------------------

const SUBJECT_PRONOUNS: Record<string, 'plural' | 'singular'> = { they: 'plural', it: 'singular', he: 'singular', she: 'singular' };
const FINITE_AFTER_SUBJECT = /^(?:VBD|VBZ|VBP|MD)$/;

const TO_PLURAL: Record<string, string> = { is: 'are', was: 'were', has: 'have', does: 'do', "isn't": "aren't", "wasn't": "weren't", "hasn't": "haven't", "doesn't": "don't" };
const TO_SINGULAR: Record<string, string> = Object.fromEntries(Object.entries(TO_PLURAL).map(([a, b]) => [b, a]));

/** A finite verb in the other number (modals and past forms other than was/were need no change), or undefined. */
function verbNumber(verb: Token, number: 'plural' | 'singular'): Token | undefined {
  const w = lower(verb).replace(/’/g, "'");
  if (verb.prot || verb.fresh) return undefined;
  if (verb.tag === 'MD' || (verb.tag === 'VBD' && !/^(?:was|were|wasn't|weren't)$/.test(w))) return verb;
  const table = number === 'plural' ? TO_PLURAL : TO_SINGULAR;
  if (table[w]) return { ...verb, text: table[w]!, fresh: true };
  if (/^(?:are|were|have|do|aren't|weren't|haven't|don't|is|was|has|does|isn't|wasn't|hasn't|doesn't)$/.test(w)) return undefined; // already the wanted number: not a plain case
  if (number === 'plural' && verb.tag === 'VBZ' && /^[a-z]+$/.test(verb.lemma) && presentS(verb.lemma) === w) return { ...verb, text: verb.lemma, tag: 'VBP', fresh: true };
  if (number === 'singular' && verb.tag === 'VBP' && /^[a-z]+$/.test(w) && w === verb.lemma) return { ...verb, text: presentS(w), tag: 'VBZ', fresh: true };
  return undefined;
}

/** The tagger reads a capitalized common plural opening a sentence as a name ("Students/NNP learn"). */
function commonTag(t: Token): string {
  if (t.tag !== 'NNP' || t.prot || !/^\p{Lu}\p{Ll}+$/u.test(t.text) || !lexicon().common.has(t.text.toLowerCase())) return t.tag;
  return /[^s]s$/.test(t.text) ? 'NNS' : 'NN';
}

/** The length of the plain noun-phrase subject opening `tokens` (a finite verb right after it), or 0. */
function nounSubject(tokens: Token[]): number {
  for (let k = Math.min(6, tokens.length - 1); k >= 1; k--) {
    const np = tokens.slice(0, k).map((t) => (t.tag === 'NNP' ? { ...t, tag: commonTag(t) } : t));
    if (!FINITE_AFTER_SUBJECT.test(tokens[k]!.tag) || !isNounPhrase(np, 6) || np.some((t) => t.tag === 'PRP' || t.tag === 'PRP$' || t.fresh || t.moved || t.prot === 'number')) continue;
    if (!DETERMINER_TAGS.has(np[0]!.tag) && !/^(?:NNS|NNPS)$/.test(np[np.length - 1]!.tag) && np[0]!.prot !== 'name') continue; // "Technology improves …" is fine, a bare singular is often not a subject
    return k;
  }
  return 0;
}

/**
 * When one clause's subject is a noun phrase and the other's is a pronoun that refers to it with the same number
 * ("If students use phones, they learn less."), the two swap as the clauses change order ("Students learn less if
 * they use phones."), so the pronoun still follows the noun it stands for. Returns [new first clause, new second
 * clause] or undefined when the subjects do not match that way.
 */
function swapSubjects(first: Token[], second: Token[]): [Token[], Token[]] | undefined {
  const k = nounSubject(first);
  const pronoun = second[0];
  if (k === 0 || !pronoun || pronoun.prot) return undefined;
  const number = SUBJECT_PRONOUNS[lower(pronoun)];
  if (!number) return undefined;
  // (after he/she/it the tagger sometimes reads the verb as a plural noun: "it loses/NNS")
  if (!FINITE_AFTER_SUBJECT.test(second[1]?.tag ?? '') && !(number === 'singular' && second[1]?.tag === 'NNS' && /^\p{Ll}+s$/u.test(second[1].text))) return undefined;
  const np = first.slice(0, k);
  const head = { ...headOf(np), tag: commonTag(headOf(np)) };
  const plural = /^(?:NNS|NNPS)$/.test(head.tag) || np.some((t) => lower(t) === 'and');
  let firstVerb = first[k]!;
  let secondVerb = second[1]!;
  if ((number === 'plural') !== plural) {
    // A singular noun phrase and a singular "they" ("If the patient is told, they may …"): the verbs change
    // number with their subjects, where the engine knows both forms.
    if (lower(pronoun) !== 'they' || plural) return undefined;
    const toPlural = verbNumber(firstVerb, 'plural');
    const toSingular = verbNumber(secondVerb, 'singular');
    if (!toPlural || !toSingular) return undefined;
    [firstVerb, secondVerb] = [toPlural, toSingular];
  }
  // "it" stands for a thing, he/she for a person: a plain noun phrase is taken as either only when the text did so.
  if (np.some((t) => t.prot === 'quote' || t.prot === 'citation')) return undefined;
  // The pronoun must not appear again in the first clause (it would then refer elsewhere).
  if (first.slice(k).some((t) => lower(t) === lower(pronoun))) return undefined;
  const newFirst = [...respaced(np, second[0]!.space), secondVerb, ...second.slice(2)];
  const newSecond = [{ ...pronoun, text: lower(pronoun), space: first[k - 1]!.space, fresh: true }, firstVerb, ...first.slice(k + 1)];
  return [newFirst, newSecond];
}

// Adverbs that focus the clause after them ("only because", "just when"): the clause cannot move without them.
const FOCUSING = /^(?:just|only|simply|partly|mainly|largely|mostly|precisely|especially|exactly|even|not|all|right|merely|solely|chiefly|primarily|particularly)$/;
const FRONTABLE = new Set(['although', 'though', 'while', 'because', 'since', 'when', 'if', 'after', 'before', 'once', 'unless', 'whereas']);

/** Moves a subordinate clause to the other end of its sentence ("Although A, B." ⇄ "B, although A."). */
function reorderClauses(tokens: Token[]): Token[] | undefined {
  const last = tokens[tokens.length - 1]!;
  if (last.text !== '.' || tokens.some((t) => t.prot === 'quote')) return undefined;
  const body = tokens.slice(0, -1);
  if (body.length === 0) return undefined;
  const commas = body.map((t, i) => (t.text === ',' ? i : -1)).filter((i) => i >= 0);
  const first = body[0]!;
  if ((FRONTABLE.has(lower(first)) || lower(first) === 'as') && commas.length === 1 && !first.fresh && !first.moved) {
    // "Although A, B." → "B, although A."
    const c = commas[0]!;
    const sub = body.slice(1, c);
    const main = body.slice(c + 1);
    if (sub.length < 2 || wordCount(sub) > 18 || main.length < 3 || !opensClause(main, 0)) return undefined;
    if (!hasFiniteVerb(sub) && !(sub[0]!.tag === 'VBG' && /^(?:after|before|since|while|when|once)$/.test(lower(first)))) return undefined;
    if (lower(first) === 'as' && !opensClause(sub, 0)) return undefined; // "As a result, …", "As a child, …"
    // "While A may bring satisfaction, it is brief.": a main clause that opens with a pronoun may refer back into
    // the subordinate clause, and would point at nothing once it comes first.
    // When the pronoun stands for the subordinate clause's noun-phrase subject, the two subjects swap.
    // A pronoun further into the main clause may also stand for a noun of the subordinate one ("while remote work is
    // here to stay, organizations must … maximize its advantages"): moved to the end, the clause would name its
    // noun after the pronoun. Such sentences keep their order (a main clause that opens with the pronoun is the case
    // below: its subject swaps with the noun, and the later pronouns then follow it).
    const opensWithPronoun = /^(?:it|they|this|these|that|those|he|she|his|her|its|their|such)$/i.test(main[0]!.text);
    if (!opensWithPronoun && main.slice(1).some((t) => /^(?:it|its|they|them|their|he|him|his|she|her)$/i.test(t.text))) return undefined;
    let mainPart = main;
    let subPart = sub;
    if (opensWithPronoun) {
      const swapped = swapSubjects(sub, main);
      if (!swapped) return undefined;
      [mainPart, subPart] = swapped;
    }
    const mainStart = startSentence(mainPart);
    if (!mainStart) return undefined;
    const conj = { ...first, text: first.text.toLowerCase(), space: ' ', fresh: true };
    // A concession keeps its comma at the end ("…, although …"); a condition or time clause does not ("… when …").
    const comma = /^(?:although|though|whereas|while)$/.test(conj.text) ? [fresh(',', ' ')] : [];
    return [...markMoved(withLastSpace(mainStart, comma.length ? '' : ' ')), ...comma, conj, ...markMoved(withLastSpace(subPart, '')), last];
  }
  if (commas.length === 0 && opensClause(body, 0)) {
    // "B because A." → "Because A, B."
    for (let i = 3; i < body.length - 2; i++) {
      const t = body[i]!;
      const as = lower(t) === 'as' && !body.slice(0, i).some((x) => /^(?:as|such|same|so)$/.test(lower(x))) && /^(?:NN|NNS|NNP|PRP|RB|VBD|VBN)$/.test(body[i - 1]!.tag);
      if (!(FRONTABLE.has(lower(t)) || as) || t.prot || t.fresh || t.moved || (/^NN/.test(body[i - 1]!.tag) && !as) || (FOCUSING.test(lower(body[i - 1])) && !as)) continue;
      const main = body.slice(0, i);
      const sub = body.slice(i + 1);
      if (!opensClause(sub, 0) || wordCount(sub) > 15 || wordCount(main) < 3 || !hasFiniteVerb(main)) return undefined;
      // "The reason is because …", "This is why …": the clause is the complement of "be", not an adverbial.
      if (/^(?:is|are|was|were|be|been|being|am|'s|’s)$/.test(lower(main[main.length - 1])) || main.some((t) => /^(?:reason|why)$/.test(lower(t)))) return undefined;
      // "Students learn more when they …" → "When students …, they learn more." (not "When they …, students …").
      let mainPart = main;
      let subPart = sub;
      if (SUBJECT_PRONOUNS[lower(sub[0])]) {
        const swapped = swapSubjects(main, sub);
        if (swapped) [subPart, mainPart] = swapped;
      }
      const rest = continueSentence(mainPart);
      if (!rest) return undefined;
      const conj = { ...t, text: withCase(t.text, 'A'), space: ' ', fresh: true };
      const subLow = continueSentence(subPart);
      if (!subLow) return undefined;
      return [conj, ...markMoved(withLastSpace(subLow, '')), fresh(',', ' '), ...markMoved(withLastSpace(rest, '')), last];
    }
  }
  return undefined;
}

/**
 * Concession and cause, said the other way round with the same relation: "A, but B." ⇄ "Although A, B.";
 * "A because B." ⇄ "B, so A."
 */
function swapConnective(tokens: Token[]): Token[] | undefined {
  const end = tokens[tokens.length - 1]!;
  if (end.text !== '.' || tokens.some((t) => t.prot === 'quote' || t.text === ';' || t.text === ':')) return undefined;
  const body = tokens.slice(0, -1);
  if (body.length === 0) return undefined;
  const commas = body.map((t, i) => (t.text === ',' ? i : -1)).filter((i) => i >= 0);
  const first = body[0]!;
  if (/^(?:although|though)$/i.test(first.text) && commas.length === 1 && !first.fresh && !first.moved) {
    // "Although A, B." → "A, but B."
    const c = commas[0]!;
    const a = body.slice(1, c);
    const b = body.slice(c + 1);
    if (!opensClause(a, 0) || !opensClause(b, 0) || wordCount(a) < 3 || wordCount(b) < 3 || b.some((t) => lower(t) === 'still')) return undefined;
    const started = startSentence(a);
    const rest = continueSentence(b);
    if (!started || !rest) return undefined;
    return [...markMoved(withLastSpace(started, '')), fresh(',', ' '), fresh('but'), ...markMoved(withLastSpace(rest, '')), end];
  }
  if (commas.length === 1 && lower(body[commas[0]! + 1]) === 'but' && !body[commas[0]! + 1]!.fresh) {
    // "A, but B." → "Although A, B."
    const c = commas[0]!;
    const a = body.slice(0, c);
    const b = body.slice(c + 2);
    if (!opensClause(a, 0) || !opensClause(b, 0) || wordCount(a) < 3 || wordCount(b) < 3 || wordCount(a) > 16) return undefined;
    if (a.some((t) => t.moved || t.fresh) || /^(?:but|and|so|yet|or|however|still|then)$/i.test(first.text)) return undefined;
    if (b.some((t) => /^(?:also|too|still|instead|rather)$/.test(lower(t)))) return undefined; // "but also", "but still": not a plain concession
    const rest = continueSentence(a);
    if (!rest) return undefined;
    return [fresh('Although'), ...markMoved(withLastSpace(rest, '')), fresh(',', ' '), ...markMoved(withLastSpace(b, '')), end];
  }
  if (commas.length === 0) {
    // "A because B." → "B, so A."
    const k = body.findIndex((t, i) => i >= 3 && lower(t) === 'because' && !t.prot && !t.fresh && !t.moved);
    if (k < 0) return undefined;
    const a = body.slice(0, k);
    const b = body.slice(k + 1);
    if (!opensClause(a, 0) || !opensClause(b, 0) || !hasFiniteVerb(a) || wordCount(a) < 3 || wordCount(b) < 3 || FOCUSING.test(lower(body[k - 1]))) return undefined;
    if (/^(?:is|are|was|were|be|been|being|am)$/.test(lower(a[a.length - 1])) || a.some((t) => /^(?:reason|why)$/.test(lower(t)))) return undefined;
    const started = startSentence(b);
    const rest = continueSentence(a);
    if (!started || !rest) return undefined;
    return [...markMoved(withLastSpace(started, '')), fresh(',', ' '), fresh('so'), ...markMoved(withLastSpace(rest, '')), end];
  }
  if (commas.length === 1 && lower(body[commas[0]! + 1]) === 'so' && !body[commas[0]! + 1]!.fresh) {
    // "B, so A." → "A because B."
    const c = commas[0]!;
    const b = body.slice(0, c);
    const a = body.slice(c + 2);
    if (!opensClause(a, 0) || !opensClause(b, 0) || wordCount(a) < 3 || wordCount(b) < 3 || a.some((t) => lower(t) === 'that')) return undefined;
    if (b.some((t) => t.moved || t.fresh) || /^(?:but|and|so|yet|or|however|still|then|because)$/i.test(first.text)) return undefined;
    const started = startSentence(a);
    const rest = continueSentence(b);
    if (!started || !rest) return undefined;
    return [...markMoved(withLastSpace(started, ' ')), fresh('because'), ...markMoved(withLastSpace(rest, '')), end];
  }
  return undefined;
}

/** "She quietly closed the door." ⇄ "She closed the door quietly." (a manner adverb before the verb or after its object). */
function moveMannerAdverb(tokens: Token[]): Token[] | undefined {
  const end = tokens[tokens.length - 1]!;
  if (end.text !== '.' || tokens.some((t) => t.prot === 'quote' || t.text === ',')) return undefined;
  const body = tokens.slice(0, -1);
  const manner = (t: Token | undefined) => !!t && t.tag === 'RB' && /^\p{Ll}+ly$/u.test(t.text) && !t.prot && !t.fresh && !t.moved && !/^(?:only|really|finally|actually|early|likely|simply|merely|nearly|mostly|largely|mainly|highly|fully|hardly|barely|certainly|probably|possibly|clearly|obviously|apparently|especially|particularly|truly|exactly|directly|rarely|usually|generally|typically|initially|recently|currently|previously|eventually|ultimately|especially|increasingly)$/.test(t.text);
  for (let i = 1; i < Math.min(body.length - 2, 6); i++) {
    if (!manner(body[i]) || !/^(?:VBD|VBZ|VBP)$/.test(body[i + 1]!.tag) || AUXILIARY.test(lower(body[i + 1]))) continue;
    const subject = body.slice(0, i);
    const object = body.slice(i + 2);
    if (!isNounPhrase(subject, 5) || !isNounPhrase(object, 6) || object.some((t) => t.tag === 'PRP' && object.length > 1)) return undefined;
    const adverb = { ...body[i]!, space: '', moved: true };
    return [...subject, ...withLastSpace([body[i + 1]!, ...object], ' '), adverb, end];
  }
  const last = body[body.length - 1];
  if (manner(last) && body.length >= 5) {
    const v = body.findIndex((t) => /^(?:VBD|VBZ|VBP)$/.test(t.tag));
    if (v < 1 || v > 5 || AUXILIARY.test(lower(body[v]))) return undefined;
    const subject = body.slice(0, v);
    const object = body.slice(v + 1, -1);
    if (!isNounPhrase(subject, 5) || !isNounPhrase(object, 6)) return undefined;
    return [...subject, { ...last!, space: ' ', moved: true }, ...withLastSpace([body[v]!, ...object], ''), end];
  }
  return undefined;
}

// --- splitting --------------------------------------------------------------------------------------------------------

const SPLIT_AT = new Set(['and', 'but', 'so', 'yet']);

/** The tense of a clause's first finite verb: 'past', 'present', or undefined (a modal, or none). */
function pastOrPresent(tokens: Token[]): 'past' | 'present' | undefined {
  for (const t of tokens) {
    if (t.tag === 'VBD' || t.tag === 'VBN') return 'past';
    if (t.tag === 'VBZ' || t.tag === 'VBP') return 'present';
    if (t.tag === 'MD') return undefined;
  }
  return undefined;
}

/**
 * The word that opens a split-off clause referring back to the one before: "That" two times in three, else "This".
 * Machine essays open sentences with "This" far more than students do (21 against 13 per 10,000 words, training
 * prompts) and "That" far less (0.9 against 4.0); always "This" pushed the engine's output further towards the former.
 */
const referent = (rng: Rng) => (rng() < 2 / 3 ? 'That' : 'This');

/** Splits a long sentence at ", and/but/so", ";", ", which", ", where" or a result participle. */
function splitSentence(tokens: Token[], s: Settings, rng: Rng): Token[][] | undefined {
  const words = wordCount(tokens);
  if (words < 14 || tokens[tokens.length - 1]!.text !== '.') return undefined;
  const long = words >= (s.ultra ? 15 : 17);
  if (tokens.some((t) => t.prot === 'quote')) return undefined;
  const options: number[] = [];
  for (let i = 4; i < tokens.length - 5; i++) {
    const t = tokens[i]!;
    const next = tokens[i + 1]!;
    if (t.fresh || next.fresh) continue;
    if (!long && !(t.text === ',' && next.tag === 'VBG')) continue; // only result participles split shorter sentences
    if (t.text === ';' && opensClause(tokens, i + 1)) options.push(i);
    else if (t.text === ',' && lower(next) === 'which' && FINITE.has(tokens[i + 2]!.tag) && wordCount(tokens.slice(i + 2)) >= 4) options.push(i);
    else if (t.text === ',' && lower(next) === 'where' && opensClause(tokens, i + 2) && wordCount(tokens.slice(i + 2)) >= 4) options.push(i);
    else if (t.text === ',' && lower(next) === 'who' && tokens[i - 1]!.tag === 'NNS' && /^(?:VBD|VBP|MD)$/.test(tokens[i + 2]!.tag) && !tokens.slice(i + 2).some((x) => x.text === ',') && wordCount(tokens.slice(i + 2)) >= 4) options.push(i);
    else if (t.text === ',' && lower(next) === 'because' && opensClause(tokens, i + 2) && pastOrPresent(tokens.slice(0, i)) && wordCount(tokens.slice(i + 2)) >= 4) options.push(i);
    else if (t.text === ',' && next.tag === 'VBG' && RESULT_VERBS.has(next.lemma) && !next.prot && wordCount(tokens.slice(i + 1)) >= 4 && pastOrPresent(tokens.slice(0, i)) && !coordinatedParticiple(tokens.slice(i + 2))) options.push(i);
    else if (t.text === ',' && SPLIT_AT.has(lower(next)) && opensClause(tokens, i + 2)) options.push(i);
    else if (lower(t) === 'and' && words >= 24 && tokens[i - 1]!.text !== ',' && /^(?:PRP|NNP)$/.test(next.tag) && opensClause(tokens, i + 1) && hasFiniteVerb(tokens, 0, i)) options.push(i - 0.5);
  }
  const usable = options.filter((x) => {
    const i = Math.ceil(x);
    // "… not only stopped crime, but it also …": the "but" belongs to "not only", the halves cannot stand apart.
    if (tokens.slice(0, i).some((t, k) => /^(?:not|n['’]t)$/i.test(t.text) && /^(?:only|just|merely|simply)$/i.test(tokens[k + 1]?.text ?? ''))) return false;
    if (!hasFiniteVerb(tokens, 0, i) || wordCount(tokens.slice(0, i)) < 5 || wordCount(tokens.slice(i)) < 5) return false;
    // The left half must be whole: a clause opened by "that", "if", "when" … needs its own verb before the split
    // ("It is essential that developers, healthcare providers, and regulators work together" is one clause whose
    // subject is a list, not "… providers." + "Regulators work together.").
    const opener = tokens.slice(0, i).findLastIndex((t) => SUBORDINATORS.has(lower(t)) && !t.prot);
    if (opener >= 0 && !hasFiniteVerb(tokens, opener + 1, i)) return false;
    // ", and C …" after "A, B": the last item of a list, whatever verb follows.
    if (tokens[i]!.text === ',' && SPLIT_AT.has(lower(tokens[i + 1]))) {
      const prevComma = tokens.slice(0, i).findLastIndex((t) => t.text === ',');
      const item = tokens.slice(prevComma + 1, i);
      if (prevComma >= 0 && item.length <= 4 && item.every((t) => /^(?:NN|NNS|NNP|NNPS|JJ|DT|PRP\$|CD)$/.test(t.tag))) return false;
      // A list of clauses, "the first got 8 hours, the second got 12, and the third got 16": split at its last
      // "and", the first half would join two clauses with a bare comma.
      if (prevComma >= 0 && hasFiniteVerb(tokens, 0, prevComma) && hasFiniteVerb(tokens, prevComma + 1, i)) return false;
    }
    return true;
  });
  if (usable.length === 0 || rng() >= chance(s, 0.85, 0.95)) return undefined;
  // The most uneven split point: a short sentence next to a long one is what human rhythm looks like.
  const pick = usable.reduce((best, i) => (Math.abs(2 * i - tokens.length) > Math.abs(2 * best - tokens.length) ? i : best), usable[0]!);
  const bare = !Number.isInteger(pick); // "… and she …" without a comma: the split point is the conjunction itself
  const at = Math.ceil(pick);
  const left = withLastSpace(tokens.slice(0, at), '');
  const stop = fresh('.', ' ');
  let right: Token[];
  if (bare) right = tokens.slice(at + 1);
  else if (tokens[at]!.text === ';') right = tokens.slice(at + 1);
  else if (tokens[at + 1]!.tag === 'VBG' && !/^(?:which|where|who|because)$/.test(lower(tokens[at + 1]))) {
    // ", leaving users angry." → ". This left users angry." (the tense of the main clause)
    const participle = tokens[at + 1]!;
    const form = inflect(participle.lemma, pastOrPresent(tokens.slice(0, at)) === 'past' ? 'VBD' : 'VBZ');
    if (!form) return undefined;
    right = [fresh(referent(rng)), { ...participle, text: form, fresh: true }, ...tokens.slice(at + 2)];
  } else if (lower(tokens[at + 1]) === 'which') {
    // ", which was …" → ". This was …"; a plural verb takes "These".
    const verb = tokens[at + 2]!;
    const plural = verb.tag === 'VBP' || /^(?:are|were|have|do)$/i.test(verb.text);
    right = [{ ...tokens[at + 1]!, text: plural ? 'These' : referent(rng), fresh: true }, ...tokens.slice(at + 2)];
  } else if (lower(tokens[at + 1]) === 'who') {
    // ", who were …" after a plural → ". They were …"
    right = [{ ...tokens[at + 1]!, text: 'They', fresh: true }, ...tokens.slice(at + 2)];
  } else if (lower(tokens[at + 1]) === 'because') {
    // ", because …" → ". This is because …" (". That was because …" after a past main clause)
    const past = pastOrPresent(tokens.slice(0, at)) === 'past';
    right = [fresh(past ? 'That' : 'This'), fresh(past ? 'was' : 'is'), { ...tokens[at + 1]!, fresh: true }, ...tokens.slice(at + 2)];
  } else if (lower(tokens[at + 1]) === 'where') {
    // ", where they met …" → ". There, they met …"
    const rest = continueSentence(tokens.slice(at + 2));
    if (!rest) return undefined;
    right = [fresh('There', ''), fresh(',', ' '), ...rest];
  } else {
    const conj = tokens[at + 1]!;
    const keep = lower(conj) !== 'and' || rng() < 0.4;
    right = keep ? [{ ...conj, fresh: true }, ...tokens.slice(at + 2)] : tokens.slice(at + 2);
  }
  const started = startSentence(right);
  if (!started) return undefined;
  return [[...left, stop], started];
}

// --- essay restructurings -----------------------------------------------------------------------------------------------

// Nominalisations whose "of" phrase is nearly always the object ("the protection of the environment"), so the verb's
// gerund says the same ("protecting the environment"). Nouns whose "of" phrase is often the agent ("the development
// of children", "the growth of cities") are left out.
const NOMINALISATIONS: Record<string, string> = {
  implementation: 'implement', creation: 'create', establishment: 'establish', protection: 'protect',
  preservation: 'preserve', prevention: 'prevent', promotion: 'promote', reduction: 'reduce', elimination: 'eliminate',
  removal: 'remove', introduction: 'introduce', use: 'use', utilization: 'use', adoption: 'adopt', enforcement: 'enforce',
  regulation: 'regulate', construction: 'build', management: 'manage', evaluation: 'evaluate', assessment: 'assess',
  examination: 'examine', exploration: 'explore', analysis: 'analyze', identification: 'identify', integration: 'integrate',
  expansion: 'expand', maintenance: 'maintain', provision: 'provide', production: 'produce', consumption: 'consume',
  distribution: 'distribute', collection: 'collect', treatment: 'treat', replacement: 'replace', acquisition: 'acquire',
  application: 'apply', exploitation: 'exploit', investment: 'invest', limitation: 'limit', measurement: 'measure',
  selection: 'select', modification: 'modify', consideration: 'consider', completion: 'complete', celebration: 'celebrate',
};

/** "the implementation of new rules" → "implementing new rules", at a sentence start or after a preposition. */
function nominalToGerund(tokens: Token[]): Token[] | undefined {
  for (let i = 0; i < tokens.length - 4; i++) {
    const the = tokens[i]!;
    const noun = tokens[i + 1]!;
    const of = tokens[i + 2]!;
    const next = tokens[i + 3]!;
    if (lower(the) !== 'the' || the.prot || the.fresh || the.moved) continue;
    const verb = NOMINALISATIONS[lower(noun)];
    if (!verb || noun.tag !== 'NN' || noun.fresh || noun.prot || lower(of) !== 'of' || of.fresh) continue;
    // The "of" phrase is a plain object: a determiner, adjective, noun or a name (not "of which", not a number).
    if (!(/^(?:DT|PRP\$|JJ|JJS|NN|NNS|NNP|NNPS|VBG)$/.test(next.tag) || next.prot === 'name' || next.prot === 'term') || /^(?:which|whom|this|that|these|those|each|all|both|some|any)$/.test(lower(next))) continue;
    const prev = tokens[i - 1];
    if (!(i === 0 || (prev && prev.tag === 'IN' && !prev.prot && /^(?:in|on|for|by|through|with|without|about|from|against|towards?|after|before|during|of|via)$/.test(lower(prev))))) continue;
    const form = inflect(verb, 'VBG');
    if (!form) continue;
    const gerund: Token = { ...noun, text: i === 0 ? withCase(form, 'A') : form, tag: 'VBG', lemma: verb, space: of.space, fresh: true };
    return [...tokens.slice(0, i), gerund, ...tokens.slice(i + 3)];
  }
  return undefined;
}

// Adjectives of "It is ADJ to do X" that say how a course of action is judged, so "Doing X is ADJ" says the same.
const EVALUATIVE = new Set(
  'important essential crucial vital necessary critical imperative difficult hard easy possible impossible beneficial helpful useful wise best better dangerous challenging advisable worthwhile unwise risky costly expensive simple tough fun interesting rewarding healthy unhealthy harmful valuable'.split(' '),
);
// Verbs after which the gerund subject reads badly ("Remembering that … is important"): phrase rules handle these.
const NO_GERUND_SUBJECT = new Set('remember note understand recognize recognise realize realise consider acknowledge emphasize emphasise mention say know see be keep bear point'.split(' '));

/** "It is important to eat well." → "Eating well is important."; "It is hard for students to focus." → "Focusing is hard for students." */
function itIsAdjectiveTo(tokens: Token[]): Token[] | undefined {
  const end = tokens[tokens.length - 1]!;
  if (end.text !== '.' || lower(tokens[0]) !== 'it' || tokens[0]!.fresh || !/^(?:is|was)$/.test(lower(tokens[1]))) return undefined;
  let k = 2;
  const adverbs: Token[] = [];
  while (tokens[k]?.tag === 'RB' && adverbs.length < 2) {
    if (/^(?:not|n['’]t|never)$/i.test(tokens[k]!.text)) return undefined;
    adverbs.push(tokens[k++]!);
  }
  const adjective = tokens[k]!;
  if (!adjective || !EVALUATIVE.has(lower(adjective)) || adjective.prot) return undefined;
  k++;
  let forPhrase: Token[] = [];
  if (lower(tokens[k]) === 'for') {
    const to = tokens.findIndex((t, i) => i > k && lower(t) === 'to');
    if (to < 0 || to - k > 5 || !isNounPhrase(tokens.slice(k + 1, to), 4)) return undefined;
    forPhrase = tokens.slice(k, to);
    k = to;
  }
  const verb = tokens[k + 1];
  if (lower(tokens[k]) !== 'to' || !verb || verb.tag !== 'VB' || verb.prot || verb.fresh || NO_GERUND_SUBJECT.has(verb.lemma)) return undefined;
  const rest = tokens.slice(k + 2, -1);
  if (wordCount(rest) < 1 || wordCount(rest) > 14 || rest.some((t) => t.text === ',' || t.text === ';' || t.prot === 'quote' || t.fresh) || /^(?:that|if|whether)$/.test(lower(rest[0]))) return undefined;
  const form = inflect(verb.lemma, 'VBG');
  if (!form || form.includes(' ')) return undefined;
  const gerund: Token = { ...verb, text: withCase(form, 'A'), tag: 'VBG', fresh: true, space: ' ' };
  const copula: Token = { ...tokens[1]!, space: ' ', moved: true };
  const judged = respaced([...adverbs, adjective, ...forPhrase], '');
  return [gerund, ...markMoved(withLastSpace(rest, ' ')), copula, ...markMoved(judged), end];
}

const LET_VERBS = new Set(['allow', 'enable', 'permit']);

/** "allows students to learn" → "lets students learn"; "helps them to grow" → "helps them grow". */
function letInsteadOfAllow(tokens: Token[]): Token[] | undefined {
  for (let i = 0; i < tokens.length - 3; i++) {
    const verb = tokens[i]!;
    if (!verb.tag.startsWith('VB') || verb.prot || verb.fresh || !(LET_VERBS.has(verb.lemma) || verb.lemma === 'help')) continue;
    // The object: a pronoun or a short noun phrase, then "to" and a bare verb.
    let to = -1;
    for (let j = i + 2; j <= Math.min(tokens.length - 2, i + 5); j++) if (lower(tokens[j]) === 'to') { to = j; break; }
    if (to < 0 || tokens[to + 1]!.tag !== 'VB') continue;
    const object = tokens.slice(i + 1, to);
    if (!(object.length === 1 && /^(?:them|us|him|me|you|it|her|people|everyone|students)$/i.test(object[0]!.text)) && !isNounPhrase(object, 4)) continue;
    if (object.some((t) => t.fresh || t.prot === 'quote' || /^VB/.test(t.tag))) continue; // "help entice students to read"
    // "allow the reader to see … and to understand": the coordinated infinitive would keep its "to".
    if (tokens.slice(to + 2).some((t, k, rest) => lower(t) === 'and' && lower(rest[k + 1]) === 'to')) continue;
    // "help X to do": X a pronoun, a plural noun or a noun phrase with its determiner, never a bare word the tagger may
    // have misread ("help entice students to read").
    if (verb.lemma === 'help' && object.length > 1 && !/^(?:DT|PRP\$|CD|PDT)$/.test(object[0]!.tag)) continue;
    if (verb.lemma === 'help') return [...tokens.slice(0, to), ...tokens.slice(to + 1)];
    const form = verb.tag === 'VBZ' ? 'lets' : verb.tag === 'VBG' ? 'letting' : verb.tag === 'VB' || verb.tag === 'VBP' || verb.tag === 'VBD' ? 'let' : undefined;
    // A passive or perfect ("has allowed", "was allowed") keeps its verb: "let" there reads oddly or changes the voice.
    if (!form || verb.tag === 'VBN' || /^(?:has|have|had|is|are|was|were|be|been)$/.test(lower(tokens[i - 1]))) continue;
    return [...tokens.slice(0, i), { ...verb, text: withCase(form, verb.text), lemma: 'let', fresh: true }, ...tokens.slice(i + 1, to), ...tokens.slice(to + 1)];
  }
  return undefined;
}

// Participles that close a sentence with a result of the whole main clause, and what the finite clause says.
const WHICH_RESULTS = new Set(['make', 'lead', 'result', 'cause', 'create', 'give', 'leave', 'allow', 'enable', 'help', 'ensure', 'contribute', 'bring', 'raise', 'reduce', 'increase', 'improve', 'provide', 'offer', 'add', 'prevent', 'turn', 'force', 'keep', 'open', 'save', 'put', 'mark', 'reflect', 'highlight', 'show', 'demonstrate']);

/** "The law bans cars, making streets safer." → "The law bans cars, which makes streets safer." */
function participleToWhich(tokens: Token[]): Token[] | undefined {
  const end = tokens[tokens.length - 1]!;
  if (end.text !== '.' || tokens.some((t) => t.prot === 'quote')) return undefined;
  for (let c = 4; c < tokens.length - 3; c++) {
    const verb = tokens[c + 1]!;
    if (tokens[c]!.text !== ',' || verb.tag !== 'VBG' || verb.prot || verb.fresh || !WHICH_RESULTS.has(verb.lemma)) continue;
    const main = tokens.slice(0, c);
    const rest = tokens.slice(c + 2, -1);
    if (!hasFiniteVerb(main) || main.some((t) => lower(t) === 'which' || t.text === ';') || wordCount(rest) < 2 || coordinatedParticiple(rest)) return undefined;
    const tense = pastOrPresent(main);
    if (!tense) return undefined;
    const form = inflect(verb.lemma, tense === 'past' ? 'VBD' : 'VBZ');
    if (!form || form.includes(' ')) return undefined;
    return [...main, tokens[c]!, fresh('which'), { ...verb, text: form, tag: tense === 'past' ? 'VBD' : 'VBZ', fresh: true }, ...rest, end];
  }
  return undefined;
}

const TO_NOMINATIVE: Record<string, string> = { them: 'they', us: 'we', him: 'he', me: 'I', you: 'you', it: 'it' };

/** ", allowing them to rest." → ", so they can rest." (", so they could rest." after a past main clause). */
function allowingToSo(tokens: Token[]): Token[] | undefined {
  const end = tokens[tokens.length - 1]!;
  if (end.text !== '.' || tokens.some((t) => t.prot === 'quote')) return undefined;
  for (let c = 4; c < tokens.length - 4; c++) {
    const verb = tokens[c + 1]!;
    if (tokens[c]!.text !== ',' || verb.tag !== 'VBG' || !/^(?:allow|enable|permit|help)$/.test(verb.lemma) || verb.fresh || verb.prot) continue;
    const to = tokens.findIndex((t, j) => j > c + 2 && j <= c + 6 && lower(t) === 'to');
    if (to < 0 || tokens[to + 1]?.tag !== 'VB') return undefined;
    const object = tokens.slice(c + 2, to);
    let subject: Token[];
    if (object.length === 1 && TO_NOMINATIVE[lower(object[0])]) subject = [{ ...object[0]!, text: TO_NOMINATIVE[lower(object[0])]!, fresh: true }];
    else if (isNounPhrase(object, 4) && !object.some((t) => t.tag === 'PRP')) subject = object;
    else return undefined;
    const main = tokens.slice(0, c);
    const tense = pastOrPresent(main);
    if (!tense || !hasFiniteVerb(main)) return undefined;
    const rest = tokens.slice(to + 1, -1);
    if (wordCount(rest) < 1 || coordinatedParticiple(rest)) return undefined;
    return [...main, tokens[c]!, fresh('so'), ...respaced(subject), fresh(tense === 'past' ? 'could' : 'can'), ...rest, end];
  }
  return undefined;
}

// Words that order a list (first, then, finally) or numbers: such lists keep their order.
const ORDERED = /^(?:first|second|third|then|next|finally|last|before|after|later|earlier)$/i;

/**
 * "teacher salaries, school buildings and materials" → "school buildings, materials and teacher salaries": a list of
 * three or more short noun or adjective items, none a name, number or ordering word, rotated.
 */
function reorderList(tokens: Token[]): Token[] | undefined {
  const item = (t: Token) => !t.prot && !t.fresh && !t.moved && /^(?:NN|NNS|JJ|JJR)$/.test(t.tag) && /^\p{Ll}/u.test(t.text) && !ORDERED.test(t.text);
  for (let i = 1; i < tokens.length - 6; i++) {
    if (tokens[i]!.text !== ',' || !item(tokens[i - 1]!)) continue;
    // Walk back to the first item's start (at most three words).
    let start = i - 1;
    while (start > 0 && i - start < 3 && item(tokens[start - 1]!)) start--;
    const before = tokens[start - 1];
    if (!before || before.prot || !(/^(?:DT|VB|VBD|VBZ|VBP|VBG|VBN|PRP\$|:)$/.test(before.tag) || /^(?:like|including|as|of|about|with)$/.test(lower(before)))) continue;
    const items: Token[][] = [tokens.slice(start, i)];
    let k = i;
    let conj: Token | undefined;
    let serial = false;
    while (k < tokens.length) {
      // k is at a comma (or at the conjunction of the last item)
      let from = k + 1;
      if (tokens[k]!.text === ',' && /^(?:and|or)$/.test(lower(tokens[k + 1]))) {
        serial = true;
        conj = tokens[k + 1];
        from = k + 2;
      } else if (/^(?:and|or)$/.test(lower(tokens[k]))) {
        conj = tokens[k];
        from = k + 1;
      }
      let to = from;
      while (to < tokens.length && to - from < 3 && item(tokens[to]!)) to++;
      if (to === from) {
        conj = undefined; // "…, and the cycle of life": the list goes on past what this step can read
        break;
      }
      items.push(tokens.slice(from, to));
      k = to;
      if (conj) break;
      if (tokens[k]?.text !== ',' && !/^(?:and|or)$/.test(lower(tokens[k]))) break;
    }
    if (!conj || items.length < 3 || conj.fresh) continue;
    // The list must end where its last item ends: at punctuation, a verb or a relative word, not before a phrase
    // that belongs to the last item only ("… and taking part in online courses", "… or anyone else").
    const after = tokens[k];
    if (!after || after.prot === 'name' || !(/^[.,;:!?)]$/.test(after.text) || /^(?:VBD|VBZ|VBP|MD)$/.test(after.tag) || /^(?:which|that|who)$/.test(lower(after)))) continue;
    // A list that is the subject of the verb after it starts its clause: in "To address these issues, parents and
    // educators should …" the first comma closes the opening phrase, and "these issues" is no item of the list.
    if (/^(?:VBD|VBZ|VBP|MD)$/.test(after.tag)) {
      const lead = tokens.slice(0, start);
      if (!lead.some((t) => t.text === ',') && lead.some((t) => /^(?:IN|TO|WRB|VB|VBD|VBZ|VBP|VBG|VBN|MD)$/.test(t.tag))) continue;
    }
    // Items of one kind: all nominal or all adjectival (by their last word).
    const kinds = new Set(items.map((x) => (x[x.length - 1]!.tag === 'JJ' ? 'a' : 'n')));
    if (kinds.size !== 1) continue;
    const rotated = [...items.slice(1), items[0]!];
    const out: Token[] = [];
    rotated.forEach((words, n) => {
      const last = n === rotated.length - 1;
      const beforeLast = n === rotated.length - 2;
      out.push(...markMoved(withLastSpace(words, beforeLast && !serial ? ' ' : last ? tokens[k - 1]!.space : '')));
      if (beforeLast) {
        if (serial) out.push(fresh(',', ' '));
        out.push({ ...conj!, space: ' ' });
      } else if (!last) out.push(fresh(',', ' '));
    });
    return [...tokens.slice(0, start), ...out, ...tokens.slice(k)];
  }
  return undefined;
}

// Verbs and adjectives whose "in" phrase is their complement, not a free adverbial ("participate in", "interested in").
const IN_COMPLEMENT = new Set(
  'participate engage invest believe result involve interest lie consist specialize specialise succeed excel persist indulge share assist help fail include find get put keep bring live reside occur appear exist arrive remain stay end trust confide delight take play rich poor interested involved successful skilled experienced lacking abundant high low common prevalent evident present located based found used seen'.split(' '),
);
// Nouns whose "in" phrase completes them ("a rise in prices", "a role in society"): the phrase stays with them.
const RELATIONAL_NOUNS = new Set(
  'rise increase decrease fall drop growth decline change difference interest role part success progress advance advancement improvement investment experience skill gap trust confidence belief participation involvement cut reduction rate level number degree course class research trend share stake place position career job expert expertise lesson training education surge boom spike shift variation disparity inequality equality right'.split(' '),
);
const FRONTABLE_FINAL = new Set(['in', 'during', 'throughout', 'across', 'within', 'among', 'around', 'over', 'after', 'before']);
// Prepositions that open an adverbial as often as a complement ("at school" / "look at"; "with friends" / "deal with"):
// fronted only when neither the word before them nor the clause's verb selects them (pmi below), never after an
// adjective ("good at", "useful for"), and after a noun only those that rarely modify it.
const FRONTABLE_SELECTED = new Set(['at', 'on', 'with', 'for', 'through', 'without', 'despite', 'under']);
const AFTER_NOUN = new Set(['at', 'despite', 'without', 'through']);
// A pmi above this (e ≈ 2.7 times more often than chance in the Brown Corpus) reads as a selected preposition.
const SELECTED_PMI = 1;

/** True when a word of `main` selects the preposition `prep`: the word right before it or the clause's verbs. */
function selects(main: Token[], prep: string): boolean {
  const before = main[main.length - 1]!;
  if (pmi(lmWord(before, '<s>'), prep) > SELECTED_PMI || pmi(before.lemma, prep) > SELECTED_PMI) return true;
  for (const t of main) if (t.tag.startsWith('VB') && (pmi(lmWord(t, '<s>'), prep) > SELECTED_PMI || pmi(t.lemma, prep) > SELECTED_PMI)) return true;
  return false;
}

/** "Students can use phones in the classroom." → "In the classroom, students can use phones." */
function frontFinalPhrase(tokens: Token[]): Token[] | undefined {
  const end = tokens[tokens.length - 1]!;
  if (end.text !== '.' || tokens.some((t) => t.text === ',' || t.text === ';' || t.text === ':' || t.prot === 'quote')) return undefined;
  const body = tokens.slice(0, -1);
  for (let p = body.length - 2; p >= Math.max(4, body.length - 7); p--) {
    const prep = body[p]!;
    const selected = FRONTABLE_SELECTED.has(lower(prep));
    if (!(FRONTABLE_FINAL.has(lower(prep)) || selected) || prep.prot || prep.fresh || prep.moved || prep.tag !== 'IN') continue;
    const phrase = body.slice(p);
    if (!isNounPhrase(phrase.slice(1), 6) || phrase.some((t) => t.moved || t.fresh) || phrase.slice(1).some((t) => t.tag === 'PRP')) return undefined;
    const main = body.slice(0, p);
    const before = main[main.length - 1]!;
    if (selected) {
      if (/^(?:JJ|JJR|JJS|RP|VBN)$/.test(before.tag) || selects(main, lower(prep))) return undefined;
      if (/^(?:NN|NNS)$/.test(before.tag) && !AFTER_NOUN.has(lower(prep))) return undefined;
    }
    if (!opensClause(main, 0) || wordCount(main) < 4 || !hasFiniteVerb(main)) return undefined;
    // The phrase must not belong to the word before it: a noun ("the rise in prices"), a verb or adjective that takes it.
    if (/^(?:NNP|NNPS|IN|TO|DT|CC|WDT|WP|CD|PRP\$)$/.test(before.tag) || before.prot === 'name' || before.prot === 'term') return undefined;
    if (/^NNS?$/.test(before.tag) && RELATIONAL_NOUNS.has(before.lemma)) return undefined;
    if (IN_COMPLEMENT.has(before.lemma) || IN_COMPLEMENT.has(lower(before))) return undefined;
    if (main.some((t) => FRONTABLE.has(lower(t))) || embedsClause(main)) return undefined;
    const rest = continueSentence(main);
    const front = startSentence(phrase);
    if (!rest || !front) return undefined;
    return [...markMoved(withLastSpace(front, '')), fresh(',', ' '), ...markMoved(withLastSpace(rest, '')), end];
  }
  return undefined;
}

/**
 * "By doing this, schools save money." → "Schools save money by doing this."; "To solve the problem, we must act." →
 * "We must act to solve the problem." (an opening gerund or purpose phrase moved to the end of its sentence).
 */
function backOpeningVerbPhrase(tokens: Token[]): Token[] | undefined {
  const end = tokens[tokens.length - 1]!;
  if (end.text !== '.' || tokens.some((t) => t.prot === 'quote' || t.text === ';' || t.text === ':')) return undefined;
  const first = tokens[0]!;
  const second = tokens[1];
  if (!second || first.fresh || first.moved || first.prot) return undefined;
  const gerund = /^(?:by|through|while|when|after|before|since|without)$/i.test(first.text) && second.tag === 'VBG';
  const purpose = /^to$/i.test(first.text) && second.tag === 'VB';
  if (!gerund && !purpose) return undefined;
  const comma = tokens.findIndex((t) => t.text === ',');
  if (comma < 3 || comma > 12) return undefined;
  const phrase = tokens.slice(0, comma);
  if (phrase.some((t) => t.fresh || t.moved || /^(?:VBD|VBZ|VBP|MD)$/.test(t.tag))) return undefined;
  // "To do so," / "By doing this," point back to the sentence before: at the far end of this one they would read as
  // part of its last clause ("… the courtroom where the trial is held to do so.").
  if (/^(?:so|this|that|these|those|it|them)$/.test(lower(phrase[phrase.length - 1]))) return undefined;
  const main = tokens.slice(comma + 1, -1);
  if (!opensClause(main, 0) || wordCount(main) < 4 || main.some((t) => t.text === ',' || t.moved) || !hasFiniteVerb(main)) return undefined;
  // "By doing so" refers back; at the end it would read "… by doing so." which is fine; "When asked" needs no check.
  const body = startSentence(main);
  const low = decapitalized(first, second);
  if (!body || !low) return undefined;
  return [...markMoved(withLastSpace(body, ' ')), ...markMoved(withLastSpace([low, ...phrase.slice(1)], '')), end];
}

// --- the sentence step --------------------------------------------------------------------------------------------------

type Step = (tokens: Token[]) => Token[] | undefined;

/** Reductions and reorderings inside a clause, with their probabilities (normal, Ultra); several may apply. */
const REDUCTIONS: ReadonlyArray<readonly [Step, number, number]> = [
  [thereIsRelative, 0.95, 0.98],
  [itIsAdjectiveTo, 0.95, 0.98],
  [nominalToGerund, 0.85, 0.98],
  [letInsteadOfAllow, 0.85, 0.98],
  [reorderList, 0.85, 0.98],
  [passiveToActive, 0.85, 0.98],
  [dropWhichIs, 0.75, 0.88],
  [reduceRelative, 0.75, 0.88],
  [notOnlyButAlso, 0.85, 0.98],
  [genitiveSwap, 0.8, 0.93],
  [(t) => swapCoordination(t, lexicon().collocations), 0.7, 0.83],
];

/** Movements of a clause or phrase, with their probabilities (normal, Ultra); at most one applies. */
const MOVES: ReadonlyArray<readonly [Step, number, number]> = [
  [allowingToSo, 0.85, 0.88],
  [backOpeningVerbPhrase, 0.7, 0.85],
  [participleToWhich, 0.65, 0.75],
  [reorderClauses, 0.85, 0.93],
  [frontFinalPhrase, 0.7, 0.78],
  [saidInversion, 0.85, 0.93],
  [participleToFinite, 0.8, 0.88],
  [backFrontedPhrase, 0.8, 0.88],
  [frontTimePhrase, 0.8, 0.88],
  [moveAdverb, 0.85, 0.93],
  [swapConnective, 0.8, 0.88],
  [moveMannerAdverb, 0.75, 0.83],
];

// Moves that rebuild the clause after an opening connective as they would a whole sentence ("However, B because A."
// → "However, because A, B."). Moves that add their own connective ("Although …", "…, so …") or that read the
// sentence's first words (inversions, adverbs) would clash with it.
const AFTER_INTRO = new Set<Step>([reorderClauses, frontFinalPhrase, frontTimePhrase, backOpeningVerbPhrase]);

/**
 * A move applied to the clause after a short opening connective or adverb ("However,", "For example,", "In
 * addition,"), the opener kept in front: the connectives that open a third of machine-essay sentences no longer
 * shield the clause behind them from every move.
 */
function afterIntro(tokens: Token[], move: Step): Token[] | undefined {
  const c = tokens.findIndex((t) => t.text === ',');
  if (c < 1 || c > 5 || tokens.length - c < 6) return undefined;
  const intro = tokens.slice(0, c + 1);
  if (intro.some((t) => FINITE.has(t.tag) || t.tag === 'VBG' || t.prot || t.moved) || !/^(?:RB|RBR|IN|CC|DT|JJ)$/.test(intro[0]!.tag)) return undefined;
  const started = startSentence(tokens.slice(c + 1));
  if (!started) return undefined;
  // Capitalized only for the move's eyes: the word is not the engine's (a move may still take it as a subject).
  const rest = [{ ...started[0]!, fresh: tokens[c + 1]!.fresh }, ...started.slice(1)];
  const moved = move(rest);
  if (!moved) return undefined;
  const first = moved[0]!;
  const low = first.prot || /^I(?:['’]|$)/.test(first.text) ? first : decapitalized(first, moved[1]);
  if (!low) return undefined;
  return [...intro, low, ...moved.slice(1)];
}

/** Keeps a rewrite only when it adds no rule violation to the sentence(s) it replaces. */
export type Acceptor = (before: Token[], after: Token[][]) => boolean;

/**
 * Clause-level rewrites of one sentence: reductions (passive to active, "there are X who", "which is",
 * "not only … but also") and at most one movement (a split, a clause or an adverbial moved to the other end).
 */
export function restructure(tokens: Token[], s: Settings, rng: Rng, accept: Acceptor): Token[][] {
  const p = (normal: number, ultra: number) => rng() < chance(s, normal, ultra);
  let out = tokens;
  for (const [step, normal, ultra] of REDUCTIONS) {
    if (!p(normal, ultra)) continue;
    const next = step(out);
    if (next && accept(out, [next])) out = next;
  }
  const split = splitSentence(out, s, rng);
  if (split && accept(out, split)) return split;
  // The moves are tried in an order drawn for each sentence, so versions with other seeds move other parts.
  // Ultra may make a second, different move on the moved sentence (the first move's tokens are marked moved, and
  // no step moves those back).
  const order = MOVES.map((m, i) => [rng(), i] as const).sort((a, b) => a[0] - b[0]);
  const allowed = s.ultra ? 2 : 1;
  let moves = 0;
  for (const [, i] of order) {
    const [move, normal, ultra] = MOVES[i]!;
    if (!p(normal, ultra) || (move === saidInversion && s.noInversion)) continue;
    const whole = move(out);
    const next = whole ?? (AFTER_INTRO.has(move) ? afterIntro(out, move) : undefined);
    if (next && accept(out, [next])) {
      out = next;
      if (++moves >= allowed) break;
    }
  }
  return [out];
}


// --- merging ------------------------------------------------------------------------------------------------------------

const MERGE_OPENERS: Record<string, string> = { however: 'but', also: 'and', plus: 'and', still: 'but' };

/** Joins two neighbouring sentences: ", which …" for a "This …" that refers back, ", and/but" for short ones. */
export function mergeSentences(a: Token[], b: Token[], s: Settings, rng: Rng): Token[] | undefined {
  if (a[a.length - 1]!.text !== '.' || b[b.length - 1]!.text !== '.' || a.length + b.length > 60) return undefined;
  const wa = wordCount(a);
  const wb = wordCount(b);
  if (a[a.length - 1]!.text !== '.' || b[b.length - 1]!.text !== '.' || wa < 3 || wb < 3) return undefined;
  const barrier = (t: Token) => t.prot === 'quote' || t.text === ';' || t.text === ':';
  if (a.some(barrier) || b.some(barrier)) return undefined;
  const head = withLastSpace(a.slice(0, -1), '');
  // "The company lost money. This led to layoffs." → "The company lost money, which led to layoffs."
  if (/^(?:this|these)$/i.test(b[0]!.text) && !b[0]!.fresh && /^(?:VBZ|VBD|VBP|MD|VBN)$/.test(b[1]?.tag ?? '') && wa <= 24 && wb <= 18) {
    if (a.some((t) => lower(t) === 'which') || b.some((t) => lower(t) === 'which') || rng() >= chance(s, 0.55, 0.75)) return undefined; // never ", which …, which …"
    return [...head, fresh(',', ' '), fresh('which'), ...b.slice(1)];
  }
  // Short + short, or a longer sentence + a short one: merging the latter makes lengths more varied.
  const limit = s.ultra ? 12 : 10;
  if (wb > limit || wa > (wb <= 8 ? 24 : limit)) return undefined;
  if (!opensClause(a, 0) || !hasFiniteVerb(a) || a.some((t) => t.text === ',' || FRONTABLE.has(lower(t)) || t.fresh)) return undefined;
  let rest = b;
  let conj = 'and';
  const opener = MERGE_OPENERS[lower(b[0])];
  if (opener && b[1]?.text === ',') {
    conj = opener;
    rest = b.slice(2);
  } else if (/^(?:but|and|yet|so)$/i.test(b[0]!.text) && !b[0]!.fresh && opensClause(b, 1)) {
    // "A. But B." → "A, but B."
    if (wa + wb > (s.ultra ? 26 : 22) || a.some((t) => t.text === ',' || t.fresh) || rng() >= chance(s, 0.5, 0.7)) return undefined;
    const low = continueSentence(b.slice(1));
    if (!low) return undefined;
    return [...head, fresh(',', ' '), { ...b[0]!, text: b[0]!.text.toLowerCase(), fresh: true }, ...low];
  }
  // A sentence that continues the same subject joins its neighbour ("The team won, and they celebrated"); two
  // very short ones may join whatever their subjects.
  const pronoun = /^(?:he|she|it|they|we|this|these)$/i.test(rest[0]?.text ?? '');
  const short = wa + wb <= 20 && /^(?:the|his|her|their|its|our|my)$/i.test(rest[0]?.text ?? '');
  if (!(pronoun || short) || !opensClause(rest, 0)) return undefined;
  if (rest.some((t) => t.text === ',') || rng() >= chance(s, 0.6, 0.75)) return undefined;
  const low = decapitalized(rest[0]!, rest[1]);
  if (!low) return undefined;
  return [...head, fresh(',', ' '), fresh(conj, ' '), low, ...rest.slice(1)];
}

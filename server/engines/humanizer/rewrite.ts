/**
 * Word-level rewrites of one tagged sentence (stock phrases, synonyms, contractions, the serial comma, "that"
 * after verbs of saying) and the per-sentence and per-paragraph drivers that add the clause-level steps of
 * structure.ts, each kept only when it adds no rule violation.
 */
import { chance, fixArticle, fresh, inflect, isWord, issueCount, lower, opensClause, phraseTokens, capitalized, withCase, type Rng, type Settings } from './helpers.ts';
import { lexicon, type SynonymSource } from './lexicon.ts';
import { fluency, lmWord, localScore } from './lm.ts';
import { articleFor, lostMeaningWords } from './quality.ts';
import { NEVER_REPLACE, PHRASE_RULES, PLAIN_PREPOSITIONS, type PhraseRule, type WordPos } from './phrases.ts';
import { mergeSentences, restructure } from './structure.ts';
import type { Token } from './tokens.ts';

export { chance, mulberry32, type Rng, type Settings } from './helpers.ts';
import { mulberry32 } from './helpers.ts';

// --- stock phrases --------------------------------------------------------------------------------------------

interface CompiledRule {
  rule: PhraseRule;
  parts: Array<{ word?: string; verb?: string }>;
  /** Position in PHRASE_RULES: the first rule that matches wins. */
  order: number;
}
let phraseIndex: Map<string, CompiledRule[]> | undefined;

function phrases(): Map<string, CompiledRule[]> {
  if (phraseIndex) return phraseIndex;
  phraseIndex = new Map();
  PHRASE_RULES.forEach((rule, order) => {
    const parts = rule.match.split(' ').map((p) => (p.startsWith('~') ? { verb: p.slice(1) } : { word: p }));
    // Keyed by the first two words where the second is a literal word ("very big", "~be going"): a token then
    // looks up only the rules that can start with it and the word after it.
    const first = parts[0]!.verb ? `~${parts[0]!.verb}` : parts[0]!.word!;
    const key = parts[1]?.word !== undefined ? `${first} ${parts[1].word}` : first;
    const list = phraseIndex!.get(key) ?? [];
    list.push({ rule, parts, order });
    phraseIndex!.set(key, list);
  });
  return phraseIndex;
}

const DETERMINERS = new Set(['the', 'these', 'those', 'this', 'that', 'his', 'her', 'its', 'their', 'our', 'my', 'your', 'them', 'us', 'which', 'whom']);
const BE: Record<string, string> = { VBZ: 'is', VBP: 'are', VB: 'be', VBG: 'being', VBN: 'been' };
const CAN: Record<string, string> = { VBZ: 'can', VBP: 'can', VBD: 'could' };
function matchRule(tokens: Token[], i: number, c: CompiledRule): string | undefined | false {
  let verbTag: string | undefined;
  for (let k = 0; k < c.parts.length; k++) {
    const t = tokens[i + k];
    const part = c.parts[k]!;
    // A word only recased after a deleted opener is still the input's: "Furthermore, it is important to note that …"
    // loses both stock phrases, not just the first.
    if (!t || t.prot || (t.fresh && !t.recased)) return false;
    if (part.word !== undefined) {
      if (lower(t) !== part.word) return false;
    } else if (!t.tag.startsWith('VB') || t.lemma !== part.verb || /['’]/.test(t.text)) return false;
    else verbTag ??= t.tag;
  }
  return verbTag;
}

/** What "In today's …," openers end on: the scene-setting nouns of machine essays. */
const TODAY_NOUNS = new Set(['world', 'society', 'landscape', 'age', 'era', 'environment', 'climate', 'economy', 'market', 'marketplace', 'workplace', 'times', 'context', 'day', 'generation', 'culture', 'realm', 'sphere', 'setting', 'arena', 'business', 'life']);

/**
 * "In today's rapidly evolving digital landscape, X" → "Today, X" / "These days, X" / "X": the scene-setting opener
 * of machine essays in any of its forms (up to four words before one of TODAY_NOUNS, none protected), which the
 * literal rules only knew word for word ("In today's quickly developing digital landscape" was left as a swap).
 */
function dropTodayOpener(tokens: Token[], rng: Rng): Token[] {
  if (lower(tokens[0]) !== 'in' || !/^today['’]s$/.test(lower(tokens[1])) || tokens[0]!.prot || tokens[1]!.prot) return tokens;
  for (let k = 2; k <= 6 && k < tokens.length - 2; k++) {
    const t = tokens[k]!;
    if (t.prot || t.fresh || !isWord(t)) return tokens;
    if (!TODAY_NOUNS.has(lower(t)) || tokens[k + 1]!.text !== ',') continue;
    const next = tokens[k + 2]!;
    if (next.prot && !/^\p{Lu}/u.test(next.text)) return tokens;
    const choice = ['today ,', 'these days ,', ''][Math.floor(rng() * 3)]!;
    if (!choice) return [capitalized(next), ...tokens.slice(k + 3)];
    const replacement = phraseTokens(choice.split(' '), tokens[k + 1]!.space);
    replacement[0] = capitalized(replacement[0]!);
    return [...replacement, ...tokens.slice(k + 2)];
  }
  return tokens;
}

/** Whether a later conjunct of the sentence repeats `prep` ("… and, eventually, to …"), within a few words of "and"/"or". */
function sharesPreposition(rest: readonly Token[], prep: string): boolean {
  for (let k = 0; k < rest.length; k++) {
    const w = lower(rest[k]);
    if (w === '.' || w === ';') return false;
    if (w !== 'and' && w !== 'or') continue;
    for (let j = k + 1; j < Math.min(rest.length, k + 5); j++) if (lower(rest[j]) === prep) return true;
  }
  return false;
}

/** A comparative after an adverb of degree: "more", "better", or an -er word the tagger may call JJ or NN ("taller"). */
function isComparative(t: Token | undefined): boolean {
  if (!t) return false;
  return /^(?:JJR|RBR)$/.test(t.tag) || /^(?:more|less|fewer|better|worse)$/.test(lower(t)) || (/^(?:JJ|NN|RB)$/.test(t.tag) && /^[a-z]{3,}er$/.test(lower(t)) && !/^(?:other|proper|clever|sober|tender|bitter|eager|over|under|upper|inner|outer|former|latter|super)$/.test(lower(t)));
}

/** Replaces stock phrases (sentence openers and wordy phrases) with plainer alternatives. */
function replacePhrases(tokens: Token[], s: Settings, rng: Rng): Token[] {
  const index = phrases();
  let out = dropTodayOpener(tokens, rng);
  for (let i = 0; i < out.length; i++) {
    const t = out[i]!;
    if (t.prot || (t.fresh && !t.recased)) continue;
    const word = lower(t);
    const second = lower(out[i + 1]);
    const verb = t.tag.startsWith('VB') ? `~${t.lemma}` : undefined;
    const lists = [index.get(word), index.get(`${word} ${second}`), verb ? index.get(verb) : undefined, verb ? index.get(`${verb} ${second}`) : undefined].filter((l) => l !== undefined);
    if (lists.length === 0) continue;
    const candidates = lists.length === 1 ? lists[0]! : lists.flat().sort((a, b) => a.order - b.order);
    for (const c of candidates) {
      if ((c.rule.start && i !== 0) || (c.rule.mid && i === 0)) continue;
      const verbTag = matchRule(out, i, c);
      if (verbTag === false) continue;
      const after = out[i + c.parts.length];
      if (c.rule.nextTag && !(after && c.rule.nextTag.test(after.tag))) continue;
      if (c.rule.next && !(after && c.rule.next.test(lower(after)))) continue;
      if (c.rule.verbTag && !(verbTag && c.rule.verbTag.test(verbTag))) continue;
      if (c.rule.prevNot && c.rule.prevNot.includes(lower(out[i - 1]))) continue;
      if (c.rule.sharedPrep && sharesPreposition(out.slice(i + c.parts.length), c.rule.sharedPrep)) continue;
      if (rng() >= (c.rule.start ? chance(s, 0.97, 1) : chance(s, 0.92, 1))) break;
      const end = i + c.parts.length;
      const next = out[end];
      const all = c.rule.beforeDeterminer && DETERMINERS.has(lower(next)) ? c.rule.beforeDeterminer : [...c.rule.replace, ...(s.casual ? (c.rule.casual ?? []) : [])];
      // An alternative whose word the sentence already uses elsewhere is left out ("Also, … can also …").
      const elsewhere = new Set([...out.slice(0, i), ...out.slice(end)].map((x) => lower(x)));
      const pool = all.filter((alt) => !alt.split(' ').some((w) => w.length > 2 && !w.startsWith('~') && elsewhere.has(w)));
      if (pool.length === 0) continue;
      let choice = pool[Math.floor(rng() * pool.length)]!;
      // "So many experts argue …" reads as "such a number of experts": the connective takes its comma there.
      if (choice === 'so' && /^(?:many|much|few|little|far|long|often|well|that)$/.test(lower(out[end]))) choice = 'so ,';
      const words: string[] = [];
      let ok = true;
      for (const w of choice.split(' ').filter(Boolean)) {
        if (!w.startsWith('~')) words.push(w);
        else {
          const lemma = w.slice(1);
          const form = lemma === 'be' ? BE[verbTag ?? ''] : lemma === 'can' ? CAN[verbTag ?? ''] : inflect(lemma, verbTag ?? '');
          if (!form) ok = false;
          else words.push(...form.split(' '));
        }
      }
      if (!ok) continue;
      const replacement = phraseTokens(words, out[end - 1]!.space);
      if (i === 0) {
        if (replacement.length > 0 && /^\p{Lu}/u.test(t.text)) replacement[0] = capitalized(replacement[0]!);
        if (replacement.length === 0) {
          if (!next || (next.prot && !/^\p{Lu}/u.test(next.text)) || !isWord(next)) continue;
          out = [...out.slice(0, i), capitalized(next), ...out.slice(end + 1)];
          i--;
          break;
        }
      }
      out = [...out.slice(0, i), ...replacement, ...out.slice(end)];
      if (replacement.length > 0) fixArticle(out, i);
      i += replacement.length - 1;
      break;
    }
  }
  return out;
}

// --- word substitution ---------------------------------------------------------------------------------------

const PARTICLES = new Set(['up', 'out', 'off', 'down', 'over', 'away', 'back', 'on', 'in', 'through', 'around', 'about', 'along', 'apart', 'aside', 'forward']);
const SUBSTITUTABLE: Record<string, WordPos> = { NN: 'n', NNS: 'n', VB: 'v', VBD: 'v', VBG: 'v', VBN: 'v', VBP: 'v', VBZ: 'v', JJ: 'a', RB: 'r' };

function regularPlural(w: string): string {
  return /(s|x|z|ch|sh)$/.test(w) ? `${w}es` : /[^aeiou]y$/.test(w) ? `${w.slice(0, -1)}ies` : `${w}s`;
}

/** True when the word at i belongs to a WordNet multi-word expression in this text ("blood pressure", "look after"). */
function inCollocation(tokens: Token[], i: number, lemma: string): boolean {
  const { collocations } = lexicon();
  const forms = (t: Token | undefined) => (t && !t.prot ? [lower(t), t.lemma] : []);
  const here = [lower(tokens[i]), lemma];
  for (const a of forms(tokens[i - 1])) for (const b of here) if (collocations.has(`${a} ${b}`)) return true;
  for (const a of here) for (const b of forms(tokens[i + 1])) if (collocations.has(`${a} ${b}`)) return true;
  for (const a of here) for (const b of forms(tokens[i + 1])) for (const c of forms(tokens[i + 2])) if (collocations.has(`${a} ${b} ${c}`)) return true;
  for (const a of forms(tokens[i - 1])) for (const b of here) for (const c of forms(tokens[i + 1])) if (collocations.has(`${a} ${b} ${c}`)) return true;
  for (const a of forms(tokens[i - 2])) for (const b of forms(tokens[i - 1])) for (const c of here) if (collocations.has(`${a} ${b} ${c}`)) return true;
  return false;
}

// How often a word with an entry is swapped (normal, Ultra): the chatbot words nearly always.
const RATE: Record<SynonymSource, [number, number]> = { plain: [0.97, 1], thesaurus: [0.85, 0.95], wordnet: [0.8, 0.95], wide: [0.8, 0.95] };
const NOUN_PHRASE_START = /^(?:DT|PDT|PRP\$|JJ|JJR|JJS|NN|NNS|NNP|NNPS|CD|PRP)$/;
/** Adjectives of quantity, never part of a term's name. */
const QUANTITY_ADJECTIVES = new Set(['various', 'numerous', 'myriad', 'countless']);

/** True when a noun phrase starts at `t` (a direct object follows a verb). */
function startsNounPhrase(t: Token | undefined): boolean {
  if (!t) return false;
  if (t.prot) return t.prot === 'name' || t.prot === 'term' || t.prot === 'number';
  return NOUN_PHRASE_START.test(t.tag) && lower(t) !== 'that';
}

/** Swaps words for synonyms that keep sense, part of speech, inflection and register. */
function substituteWords(tokens: Token[], s: Settings, rng: Rng): Token[] {
  const { synonyms, plurals } = lexicon();
  const out = tokens.slice();
  for (let i = 0; i < out.length; i++) {
    const t = out[i]!;
    let pos = SUBSTITUTABLE[t.tag];
    if (!pos || t.prot || t.fresh) continue;
    const low = t.text.toLowerCase();
    // The tagger reads adjectives it does not know as nouns before a noun ("their intricate/NN plots"): a word the
    // lexicon knows only as an adjective is one there.
    if (pos === 'n' && t.tag === 'NN' && !synonyms.n.has(low) && synonyms.a.has(low) && /^(?:NN|NNS)$/.test(out[i + 1]?.tag ?? '') && !/^(?:NN|NNS)$/.test(out[i + 2]?.tag ?? '')) pos = 'a';
    const lemma = pos === 'n' ? (t.tag === 'NNS' ? t.lemma : low) : pos === 'v' ? t.lemma : low;
    const entry = synonyms[pos].get(lemma);
    if (!entry || !/^\p{L}+(?:-\p{L}+)?$/u.test(t.text)) continue;
    if (/^\p{Lu}/u.test(t.text) && (i !== 0 || !/^\p{Lu}\p{Ll}+$/u.test(t.text))) continue;
    const curated = entry.source !== 'wordnet';
    if (rng() >= RATE[entry.source][s.ultra ? 1 : 0] * s.strength) continue;
    const next = out[i + 1];
    const prev = out[i - 1];
    if (pos === 'n' && next && /^NN/.test(next.tag)) continue; // a compound's modifier ("care model")
    if (pos === 'n' && /^NNS?$/.test(prev?.tag ?? '')) continue; // a compound's head ("job opportunities")
    // A plural after a pronoun, name or adverb is more likely a verb the tagger misread ("only increases his …").
    if (t.tag === 'NNS' && /^(?:PRP|NNP|NNPS|RB|MD|WDT|WP)$/.test(prev?.tag ?? '')) continue;
    if (pos === 'v' && next && (next.tag === 'RP' || PARTICLES.has(lower(next)))) continue; // a phrasal verb
    if (pos === 'v' && t.tag === 'VBN' && /^(?:DT|PRP\$|JJ|JJR|JJS|RBR|RBS|IN)$/.test(prev?.tag ?? '')) continue; // a participle used as an adjective
    if (pos === 'v' && /^(?:DT|PRP\$|POS)$/.test(prev?.tag ?? '')) continue; // "your prompt responses": a noun the tagger read as a verb
    // "robotically assisted surgery": a participle before a noun is part of a name for something.
    if (pos === 'v' && t.tag === 'VBN' && /^(?:NN|NNS|JJ)$/.test(next?.tag ?? '') && !/^(?:has|have|had|having)$/.test(lower(prev))) continue;
    // Adjectives inside a term ("continuous positive airway pressure", "acute kidney injury") keep their word.
    // "Various" and "numerous" count things; they never name one ("various academic subjects").
    if (pos === 'a' && !QUANTITY_ADJECTIVES.has(lemma) && ((next?.tag === 'JJ' && /^NN/.test(out[i + 2]?.tag ?? '')) || (/^NN/.test(next?.tag ?? '') && /^NN/.test(out[i + 2]?.tag ?? '')))) continue;
    if (next?.text === ':') continue; // a label ("Answer: …")
    // "significantly taller/more" in a report is a statistical claim, which "far" or "greatly" is not.
    if (lemma === 'significantly' && isComparative(next)) continue;
    // "increasingly" before a verb group ("is increasingly being used") has no "more and more" in that place.
    if (lemma === 'increasingly' && !/^(?:JJ|JJR|RB)$/.test(next?.tag ?? '')) continue;
    if (t.tag === 'NNS' && /^['’]$/.test(next?.text ?? '')) continue; // a plural possessive ("individuals'" → not "people'")
    if (inCollocation(out, i, lemma)) continue;
    // A verb followed by a preposition has a frame ("reduced to", "argue with") its synonym may lack.
    if (entry.source === 'plain' && pos === 'v' && next && /^(?:IN|TO)$/.test(next.tag) && !(PLAIN_PREPOSITIONS[lemma] ?? ['that']).includes(lower(next))) continue;
    // An adjective used as a noun ("the unexpected", "the extraordinary") keeps its word.
    if (pos === 'a' && /^(?:DT|PRP\$)$/.test(prev?.tag ?? '') && !/^(?:NN|NNS|JJ|CD)/.test(next?.tag ?? '') && !next?.prot) continue;
    if (entry.source !== 'plain') {
      // A verb or adjective followed by a preposition has a frame ("argue with", "aware of") its synonym may lack.
      const nextWord = lower(next);
      if ((pos === 'v' || pos === 'a') && next && /^(?:IN|TO|RP)$/.test(next.tag) && nextWord !== 'that' && !entry.preps?.includes(nextWord)) continue;
      if (entry.that && nextWord !== 'that') continue;
      if (entry.obj && (!startsNounPhrase(next) || (t.tag === 'VBN' && !/^(?:has|have|had|having)$/.test(lower(prev)) && !/^(?:has|have|had)$/.test(lower(out[i - 2]))))) continue;
      if (entry.mid && i === 0) continue;
      if (entry.attr && !(next && /^(?:NN|JJ)/.test(next.tag))) continue;
      if (entry.pred && next && /^NN/.test(next.tag)) continue;
      if (entry.prevNot?.includes(lower(prev))) continue;
      if (entry.noWith && out.slice(i + 1, i + 7).some((x) => lower(x) === 'with')) continue;
      if (entry.noTo && out.slice(i + 1, i + 5).some((x) => lower(x) === 'to')) continue;
      if (entry.intransitive && startsNounPhrase(next)) continue;
      if (entry.beforeAdjective && !/^(?:JJ|JJR)$/.test(next?.tag ?? '')) continue;
      if (entry.onlyPreps && !entry.preps?.includes(nextWord)) continue;
      // A bare singular noun ("predict outcome") may be a mass use its synonym lacks: only after a determiner.
      if (pos === 'n' && t.tag === 'NN' && !/^(?:DT|PRP\$|POS|CD|JJ|JJR|JJS|VBN|VBG)$/.test(prev?.tag ?? '') && !/['’]s$/.test(prev?.text ?? '')) continue;
      if (pos === 'n' && t.tag === 'NN' && /^(?:JJ|JJR|JJS|VBN|VBG)$/.test(prev?.tag ?? '') && !/^(?:DT|PRP\$|POS|CD)$/.test(out[i - 2]?.tag ?? '')) continue;
    }
    const formFor = (target: string): string | undefined => {
      if (NEVER_REPLACE.has(`${lemma}>${target}`)) return undefined;
      // "far more", never "greatly more": an adverb of degree before a comparative takes "far" or "much".
      const comparative = isComparative(next);
      if (pos === 'r' && /^(?:greatly|markedly|considerably|hugely)$/.test(target) && comparative) return undefined;
      if (pos === 'r' && target === 'far' && !comparative) return undefined;
      // "key to", not "key for"; and never "most key".
      if (target === 'key' && (/^(?:for|in|of)$/.test(lower(next)) || /^(?:most|more|less|least|very|so|too)$/.test(lower(prev)))) return undefined;
      if (target === 'make sure' && lower(next) !== 'that' && !opensClause(out, i + 1)) return undefined; // "make sure" takes a clause, "ensure" also a noun
      // "seek to" ≠ "look for to"; but a clause may follow: "make sure that", "find out whether", "work out how".
      if (pos === 'v' && target.includes(' ') && next && /^(?:IN|TO|RP)$/.test(next.tag) && !/^(?:that|whether|if|how|what|why)$/.test(lower(next))) return undefined;
      let form: string | undefined;
      if (pos === 'n') form = t.tag === 'NNS' ? (plurals.get(target) ?? (entry.source === 'plain' ? regularPlural(target) : undefined)) : target;
      else if (pos === 'v') form = inflect(target, t.tag);
      else form = target;
      if (!form || form === low || (!curated && form.includes(' '))) return undefined;
      // "at once", "in the end": a multi-word adverb cannot stand before the verb or adjective it modifies.
      if (pos === 'r' && form.includes(' ') && next && /^(?:VB|JJ|RB|MD)/.test(next.tag) && form !== 'more and more') return undefined;
      const first = form.split(' ')[0]!;
      const last = form.split(' ').pop()!;
      // The new word may not repeat a word close by ("won a resounding win").
      let repeats = false;
      for (let k = Math.max(0, i - 8); k < Math.min(out.length, i + 9) && !repeats; k++) {
        const w = k === i ? '' : lower(out[k]);
        repeats = w === first || w === last || (w.length > 3 && w.slice(0, 4) === first.slice(0, 4) && Math.abs(w.length - first.length) <= 3);
      }
      if (repeats) return undefined;
      return form;
    };
    // Every alternative that passes the checks is scored by the fluency model in its context; a WordNet or
    // thesaurus alternative is kept only when it reads at least as well there as the word it replaces (the
    // reviewed thesaurus gets a little slack: its senses were checked by hand), and one of those is drawn.
    const lmPrev = lmWord(prev, '<s>');
    const lmNext = lmWord(next, '</s>');
    // After "a"/"an" each candidate is scored with the article it will take (fixArticle below).
    const prevFor = (form: string) => (lmPrev === 'a' || lmPrev === 'an' ? (articleFor(form) ?? lmPrev) : lmPrev);
    const own = localScore(lmPrev, [low], lmNext);
    const slack = entry.source === 'plain' ? Infinity : entry.source === 'thesaurus' ? 1.5 : entry.source === 'wordnet' ? 0.3 : 0;
    const options: string[] = [];
    for (const target of entry.to) {
      const form = formFor(target);
      if (form && localScore(prevFor(form), form.toLowerCase().split(' '), lmNext) >= own - slack) options.push(form);
    }
    if (options.length === 0) continue;
    const form = options[Math.floor(rng() * options.length)]!;
    out[i] = { ...t, text: withCase(form, t.text), fresh: true };
    fixArticle(out, i);
  }
  return out;
}

// --- contractions -----------------------------------------------------------------------------------------------

const NOT_CONTRACTIONS: Record<string, string> = {
  is: "isn't", are: "aren't", was: "wasn't", were: "weren't", do: "don't", does: "doesn't", did: "didn't",
  have: "haven't", has: "hasn't", had: "hadn't", could: "couldn't", would: "wouldn't", should: "shouldn't",
  will: "won't", must: "mustn't",
};
const PRONOUN_BE: Record<string, Record<string, string>> = {
  i: { am: "'m", will: "'ll", have: "'ve" },
  you: { are: "'re", will: "'ll", have: "'ve" },
  we: { are: "'re", will: "'ll", have: "'ve" },
  they: { are: "'re", will: "'ll", have: "'ve" },
  he: { is: "'s", will: "'ll" },
  she: { is: "'s", will: "'ll" },
  it: { is: "'s", will: "'ll" },
  that: { is: "'s" },
  there: { is: "'s" },
  what: { is: "'s" },
  who: { is: "'s" },
  here: { is: "'s" },
};

// The second word of every contraction the engine makes (lowercase: it never starts a sentence).
const CONTRACTIBLE_SECOND = new Set(['not', 'is', 'are', 'am', 'will', 'have']);

/** Contracts "do not", "it is", "we have (done)" … where the register allows, never before punctuation. */
function contract(tokens: Token[], s: Settings, rng: Rng): Token[] {
  if (s.contractions <= 0) return tokens;
  let out = tokens;
  for (let i = 0; i + 2 < out.length; i++) {
    const a = out[i]!;
    const b = out[i + 1]!;
    const after = out[i + 2]!;
    if (!CONTRACTIBLE_SECOND.has(b.text) || a.prot || b.prot || !isWord(after) || /['’]/.test(a.text) || a.space !== ' ') continue;
    const la = lower(a);
    const lb = b.text;
    let merged: string | undefined;
    if (lb === 'not' && NOT_CONTRACTIONS[la] && !(la === 'have' || la === 'has' || la === 'had' ? !/^VBN|^RB/.test(after.tag) : false)) {
      merged = la === 'will' ? withCase("won't", a.text) : a.text + "n't";
    } else if (PRONOUN_BE[la]?.[lb] && (lb !== 'have' || after.tag === 'VBN') && !(lb === 'will' && lower(after) === 'not') && !(a.tag === 'DT' || a.tag === 'WDT' || a.tag === 'IN') && !/^(?:VB|IN|TO)/.test(out[i - 1]?.tag ?? '') && !(/^(?:what|who|where|that|there|here)$/.test(la) && (after.tag === 'PRP' || after.tag === 'EX'))) {
      // (not "what's it": a question word before "is it" keeps both words)
      // (not "the mystery shrouding it is …": "it" is an object there, and "is" belongs to another subject)
      merged = a.text + PRONOUN_BE[la]![lb]!;
    } else if (la === 'that' && lb === 'is' && a.tag === 'DT' && after.tag !== 'VBG' && i === 0) {
      merged = `${a.text}'s`;
    }
    if (!merged || rng() >= s.contractions) continue;
    out = [...out.slice(0, i), { ...a, text: merged, space: b.space, fresh: true }, ...out.slice(i + 2)];
  }
  return out;
}


// --- small habits of human prose ------------------------------------------------------------------------------------

const SAYING = new Set(['say', 'think', 'believe', 'suggest', 'claim', 'know', 'hope', 'feel', 'find', 'show', 'argue', 'insist', 'admit', 'realize', 'realise', 'fear', 'expect', 'report', 'reveal', 'note', 'add', 'tell', 'warn', 'guess', 'agree', 'announce', 'explain', 'recall', 'suspect', 'assume', 'notice', 'learn', 'discover', 'mean', 'decide', 'conclude']);

/** Drops the complementizer after verbs of saying and thinking ("said that he" → "said he"), as people often do. */
function dropThat(tokens: Token[], s: Settings, rng: Rng): Token[] {
  for (let i = 1; i < tokens.length - 3; i++) {
    const t = tokens[i]!;
    const verb = tokens[i - 1]!;
    if (t.text !== 'that' || t.prot || t.fresh || !verb.tag.startsWith('VB') || !SAYING.has(verb.lemma)) continue;
    if (!/^(?:PRP|DT|NNP|NNPS|NNS|EX)$/.test(tokens[i + 1]!.tag) || !opensClause(tokens, i + 1) || lower(tokens[i + 1]) === 'that' || lower(tokens[i + 1]) === 'this') continue;
    if (rng() >= chance(s, 0.45, 0.7)) continue;
    const out = tokens.slice();
    out[i - 1] = { ...verb, space: t.space };
    out.splice(i, 1);
    return out;
  }
  return tokens;
}

/** Drops the serial comma of a list ("red, white, and blue" → "red, white and blue"). */
function dropSerialComma(tokens: Token[], s: Settings, rng: Rng): Token[] {
  for (let i = 3; i < tokens.length - 2; i++) {
    const t = tokens[i]!;
    if (t.text !== ',' || !/^(?:and|or)$/.test(lower(tokens[i + 1])) || opensClause(tokens, i + 2)) continue;
    let earlier = -1;
    for (let k = i - 1; k >= Math.max(0, i - 6); k--) if (tokens[k]!.text === ',') earlier = k;
    if (earlier < 0 || tokens[i - 1]!.prot === 'quote' || rng() >= chance(s, 0.5, 0.7)) continue;
    const out = tokens.slice();
    out[i - 1] = { ...out[i - 1]!, space: t.space || ' ' };
    out.splice(i, 1);
    return out;
  }
  return tokens;
}

/** Splits a long sentence at ", and/but/so" or ";" joining two independent clauses. */

// --- one sentence and one paragraph --------------------------------------------------------------------------------

/** Keeps a rewrite only when it adds no rule violation to the sentence(s) it replaces. */
function accept(before: Token[], after: Token[][]): boolean {
  const issues = after.reduce((n, sentence) => n + issueCount(sentence), 0);
  return issues === 0 || issues <= issueCount(before);
}

/** The word-level steps on one sentence, kept as a whole only when they add no rule violation. */
function rewriteWords(tokens: Token[], s: Settings, rng: Rng): Token[] {
  const phrased = replacePhrases(tokens, s, rng);
  let out = substituteWords(phrased, s, rng);
  out = contract(out, s, rng);
  out = dropSerialComma(out, s, rng);
  out = dropThat(out, s, rng);
  if (out !== tokens && accept(tokens, [out])) return out;
  // When the swaps together add a violation, the stock phrases still go (their rules are checked on their own),
  // and each word swap is then tried alone, kept when it adds no violation.
  let kept = phrased !== tokens && accept(tokens, [phrased]) ? phrased : tokens;
  const swapped = substituteWords(kept, s, rng);
  if (swapped !== kept && swapped.length === kept.length) {
    for (let i = 0; i < swapped.length; i++) {
      if (swapped[i] === kept[i]) continue;
      const trial = kept.slice();
      trial[i] = swapped[i]!;
      // fixArticle may have changed the word before the swap.
      if (i > 0 && swapped[i - 1] !== kept[i - 1]) trial[i - 1] = swapped[i - 1]!;
      if (accept(tokens, [trial])) kept = trial;
    }
  }
  return kept;
}

/**
 * Rewrites one tagged sentence: first its structure (on the tagger's tags), then the words of each resulting
 * sentence. May return two sentences.
 */
export function rewriteSentence(tokens: Token[], s: Settings, rng: Rng): Token[][] {
  // Several candidates, each drawn with its own stream, are scored together: words changed, with the fluency
  // model's log score of the whole sentence as the counterweight; one losing a meaning word is out. Every candidate
  // has already passed the grammar gate step by step (no added rule violation) and keeps every protected span
  // (they are single tokens no step edits). A partial strength draws fewer candidates, so it still changes less.
  const n = Math.max(1, Math.round(CANDIDATES[s.ultra ? 1 : 0] * s.strength));
  if (n === 1) return candidateFor(tokens, s, rng);
  const before = textOf([tokens]);
  const candidates: Array<{ sentences: Token[][]; score: number }> = [];
  for (let k = 0; k < n; k++) {
    const sentences = candidateFor(tokens, s, mulberry32(Math.floor(rng() * 4294967296)));
    // A candidate that lost a negation, quantifier or modal is out, whatever it changed.
    if (lostMeaningWords(before, textOf(sentences)).length > 0) continue;
    candidates.push({ sentences, score: candidateScore(sentences) });
  }
  if (candidates.length === 0) return [tokens];
  // Drawn in proportion to exp(score / TEMPERATURE), not the maximum: the one that changes more wins most of the
  // time, and re-runs with other seeds still differ (the maximum made every seed write the same sentence).
  const top = Math.max(...candidates.map((c) => c.score));
  const weights = candidates.map((c) => Math.exp((c.score - top) / TEMPERATURE));
  let draw = rng() * weights.reduce((a, b) => a + b, 0);
  for (const [i, c] of candidates.entries()) {
    draw -= weights[i]!;
    if (draw <= 0) return c.sentences;
  }
  return candidates[candidates.length - 1]!.sentences;
}

/** One candidate rewrite of a sentence: its structure, then its words. */
function candidateFor(tokens: Token[], s: Settings, rng: Rng): Token[][] {
  // A later pass leaves the structure of a sentence an earlier one already rebuilt.
  const pieces = s.pass > 0 && tokens.some((t) => t.moved) ? [tokens] : restructure(tokens, s, rng, accept);
  return pieces.map((sentence) => rewriteWords(sentence, s, rng));
}

const textOf = (sentences: Token[][]) => sentences.map((sentence) => sentence.map((t) => t.text + t.space).join('')).join(' ');
/** How sharply the draw between candidates favours the one that changes more (in changed words). */
const TEMPERATURE = 4;

/** Candidates per sentence (normal, Ultra) at full strength. */
const CANDIDATES: readonly [number, number] = [2, 1];
/** Weight of the fluency model (nats of the whole sentence) against one changed word. */
const FLUENCY_WEIGHT = 0.15;

/** A candidate's score: words the engine wrote or moved, plus the fluency model's log score of its sentences. */
function candidateScore(sentences: Token[][]): number {
  let changed = 0;
  let logScore = 0;
  for (const sentence of sentences) {
    for (const t of sentence) if ((t.fresh || t.moved) && /[\p{L}\p{N}]/u.test(t.text)) changed++;
    logScore += fluency(sentence) * (sentence.length + 1);
  }
  return changed + FLUENCY_WEIGHT * logScore;
}

/** Merges neighbouring short sentences of a paragraph where it reads naturally. */
export function mergePass(sentences: Token[][], s: Settings, rng: Rng): Token[][] {
  const out: Token[][] = [];
  for (let i = 0; i < sentences.length; i++) {
    const a = sentences[i]!;
    const b = sentences[i + 1];
    const merged = b ? mergeSentences(a, b, s, rng) : undefined;
    if (merged && (issueCount(merged) === 0 || issueCount(merged) <= issueCount(a) + issueCount(b!))) {
      merged[merged.length - 1] = { ...merged[merged.length - 1]!, space: b![b!.length - 1]!.space };
      out.push(merged);
      i++;
    } else out.push(a);
  }
  return out;
}

import type { TokenConstraint } from './sequence.ts';
import { isOrganizationName } from './fields.ts';
import { bareWord, normalizeTypography, shapeOf, type Token } from './tokens.ts';

/**
 * Token features for the reference parser. Deliberately general (shapes, punctuation, position, small closed word
 * lists of bibliographic vocabulary in several languages) so that the model learns how references are built rather
 * than the words of one data set. Changing anything here requires retraining (`npm run train:references`); the
 * model records `featureVersion` and the engine refuses a model of another version.
 */
export const featureVersion = 7;

const months = new Set(
  'jan january feb february mar march apr april may jun june jul july aug august sep sept september oct october nov november dec december janvier février fevrier mars avril mai juin juillet août aout septembre octobre novembre décembre decembre januar februar märz maerz juni juli oktober dezember enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre spring summer autumn fall winter'.split(
    ' ',
  ),
);

/** Closed classes of bibliographic words; a token's class is a feature, never the list's words themselves. */
const lexicon: Record<string, string[]> = {
  in: ['in', 'im', 'en', 'dans', 'nel', 'w'],
  and: ['and', '&', 'und', 'et', 'y', 'e', 'i', 'og', 'en', 'ja', 've', 'och'],
  etal: ['al', 'al.', 'alii', 'others'],
  editor: ['ed', 'eds', 'editor', 'editors', 'edited', 'hrsg', 'hrg', 'hg', 'hgg', 'dir', 'coord', 'comp', '(ed.)', '(eds.)'],
  edition: ['edn', 'edition', 'ed', 'aufl', 'auflage', 'éd', 'rev', 'revised', 'reprint', 'expanded'],
  vol: ['vol', 'vols', 'volume', 'bd', 'band', 'tome', 't', 'jg', 'jahrgang', 'v'],
  no: ['no', 'nr', 'num', 'number', 'issue', 'iss', 'n', 'heft', 'h'],
  pages: ['pp', 'p', 'pages', 'page', 'pg', 's', 'ss', 'seiten', 'str', 'págs', 'pág'],
  publisher: ['press', 'publisher', 'publishers', 'publishing', 'verlag', 'books', 'university', 'univ', 'inc', 'ltd', 'co', 'corp', 'corporation', 'pub', 'publications', 'company', 'editions', 'éditions', 'editorial', 'wiley', 'springer', 'elsevier', 'routledge', 'sage', 'pearson', 'mcgraw-hill', 'academic', 'house', 'group', 'associates', 'gallimard', 'blackwell', 'kluwer', 'verlag,', 'olms', 'brill'],
  journal: ['journal', 'j', 'review', 'rev', 'proceedings', 'proc', 'transactions', 'trans', 'quarterly', 'bulletin', 'bull', 'annals', 'ann', 'letters', 'lett', 'magazine', 'zeitschrift', 'revue', 'rivista', 'revista', 'acta', 'archives', 'arch', 'research', 'res', 'science', 'sci', 'studies', 'international', 'int', 'american', 'am', 'quarterly'],
  conference: ['conference', 'conf', 'symposium', 'symp', 'workshop', 'meeting', 'congress', 'proceedings', 'proc', 'annual'],
  thesis: ['thesis', 'dissertation', 'phd', 'ph.d', 'master', "master's", 'diss', 'doctoral', 'report', 'technical', 'tech', 'working', 'paper', 'preprint', 'manuscript', 'unpublished'],
  retrieved: ['retrieved', 'available', 'accessed', 'viewed', 'online', 'from', 'at', 'url', 'abgerufen', 'consulté'],
  place: ['london', 'new', 'york', 'paris', 'berlin', 'oxford', 'cambridge', 'chicago', 'boston', 'amsterdam', 'tokyo', 'munich', 'münchen', 'leipzig', 'stuttgart', 'wien', 'vienna', 'madrid', 'rome', 'roma', 'milano', 'berkeley', 'princeton', 'washington', 'philadelphia', 'toronto', 'sydney', 'heidelberg', 'frankfurt', 'hamburg', 'basel', 'zürich', 'zurich', 'leiden', 'dordrecht', 'hoboken', 'thousand', 'oaks', 'ny', 'ma', 'ca', 'uk', 'usa', 'nj', 'il', 'pa', 'ct', 'dc', 'mass', 'calif'],
  transl: ['trans', 'transl', 'translated', 'translator', 'translators', 'tr', 'übers', 'übersetzt', 'trad', 'traduit', 'traduction'],
  particle: ['van', 'von', 'de', 'der', 'den', 'del', 'della', 'di', 'da', 'du', 'le', 'la', 'dos', 'das', 'ten', 'ter', 'bin', 'ibn', 'al-'],
};
const classOf = new Map<string, string[]>();
for (const [name, words] of Object.entries(lexicon)) {
  for (const w of words) classOf.set(w, [...(classOf.get(w) ?? []), name]);
}

const yearRe = /^[([]?(1[5-9]\d\d|20\d\d)[a-z]?[)\].,;:]*$/;
const yearInside = /(?:^|\D)(1[5-9]\d\d|20\d\d)[a-z]?(?:\D|$)/;
const pageRange = /^(pp?\.)?\d+[a-z]?\s*-{1,2}\s*\d+[a-z]?[.,;)]*$/i;
const volIssue = /^\d+\s*\(\s*[\d\-/–]+\s*\)[.,:;]*$/;
const initials = /^(\p{Lu}\.-?){1,3},?$|^\p{Lu}{1,3},?$/u;
const doiRe = /10\.\d{4,9}\//;
const urlRe = /^(\(?https?:|\(?www\.|<https?:|\(?ftp:)/i;
const isbnRe = /^(isbn|issn)/i;
const fullAddress = /^[(<]?(https?:\/\/|www\.[^/\s]+\/[\w~%-])/i;

function quoteDelta(text: string): number {
  const opens = (text.match(/^["'“‘«]/) ? 1 : 0);
  const closes = (text.match(/["'”’»][.,;:]*$/) ? 1 : 0);
  return opens - closes;
}

/** Whether a token closes a unit of the reference (". " / ": " / ") "), not counting initials and abbreviations. */
function endsUnit(t: string, b: string): boolean {
  const unitEnd = /[.:?!]["'”]?$/.test(t) && !initials.test(t) && !/^(\p{L}{1,3}\.)+$/u.test(t) && b.length > 1;
  return unitEnd || /[)\]]\.?$/.test(t);
}

/** Which unit each token stands in, and where each unit starts (units end at `endsUnit`). */
interface Units {
  unitOf: number[];
  starts: number[];
}
function unitsOf(norm: readonly string[], bare: readonly string[]): Units {
  const unitOf: number[] = [];
  const starts: number[] = [];
  for (let i = 0; i < norm.length; i++) {
    const unit = i > 0 && endsUnit(norm[i - 1]!, bare[i - 1]!) ? unitOf[i - 1]! + 1 : (unitOf[i - 1] ?? 0);
    unitOf.push(unit);
    if (starts.length === unit) starts.push(i);
  }
  return { unitOf, starts };
}

/** Features of each token of a reference, in order; the parser's only view of the text. */
export function tokenFeatures(tokens: readonly Token[]): string[][] {
  const n = tokens.length;
  const norm = tokens.map((t) => normalizeTypography(t.text));
  const bare = norm.map(bareWord);
  const shapes = norm.map(shapeOf);
  // Segment index: how many tokens before ended a unit (". " / ": " / ") "), capped; references are built of units.
  const segment: number[] = [];
  const inQuote: boolean[] = [];
  const inParen: boolean[] = [];
  const yearBefore: boolean[] = [];
  let seg = 0;
  let quote = 0;
  let paren = 0;
  let year = false;
  for (let i = 0; i < n; i++) {
    const t = norm[i]!;
    segment.push(seg);
    const q = quoteDelta(t);
    inQuote.push(quote > 0 || q > 0 || (/^["“]/.test(t) && /["”][.,;:]*$/.test(t)));
    inParen.push(paren > 0 || t.startsWith('('));
    yearBefore.push(year);
    quote = Math.max(0, quote + q);
    paren = Math.max(0, paren + (t.match(/\(/g)?.length ?? 0) - (t.match(/\)/g)?.length ?? 0));
    if (yearInside.test(t)) year = true;
    if (endsUnit(t, bare[i]!)) seg++;
  }

  const local = (i: number): string[] => {
    if (i < 0) return ['BOS'];
    if (i >= n) return ['EOS'];
    const t = norm[i]!;
    const b = bare[i]!;
    const f = [`w=${b}`, `s=${shapes[i]}`];
    const last = t.slice(-1);
    if (/[^\p{L}\p{N}]/u.test(last)) f.push(`end=${last}`);
    const first = t[0]!;
    if (/[^\p{L}\p{N}]/u.test(first)) f.push(`beg=${first}`);
    for (const c of classOf.get(b) ?? []) f.push(`lex=${c}`);
    if (months.has(b.replace(/\.$/, ''))) f.push('month');
    if (yearRe.test(t)) f.push('year');
    else if (yearInside.test(t)) f.push('hasyear');
    if (/^\d+$/.test(b)) f.push(b.length <= 2 ? 'num12' : b.length === 3 ? 'num3' : 'num4+');
    if (pageRange.test(t)) f.push('pagerange');
    if (volIssue.test(t)) f.push('volissue');
    if (initials.test(t)) f.push('initials');
    if (doiRe.test(t) || /^doi/i.test(t)) f.push('doi');
    if (urlRe.test(t) || /\.(com|org|net|edu|gov|html?)\b/i.test(t)) f.push('url');
    if (isbnRe.test(t)) f.push('isbn');
    if (/^\p{Lu}/u.test(t.replace(/^[^\p{L}]+/u, ''))) f.push('cap');
    if (/^\p{Lu}+$/u.test(b) && b.length > 1) f.push('allcaps');
    if (/^[[(]?\d+[\].)]?$/.test(t)) f.push('numbered');
    return f;
  };

  // Unit-level context: where the unit stands relative to the year, how long it is, how capitalised (journal names
  // are in title case, APA article titles in sentence case), and whether it holds digits.
  const segCount = (segment[n - 1] ?? 0) + 1;
  const segTokens: number[][] = Array.from({ length: segCount }, () => []);
  for (let i = 0; i < n; i++) segTokens[segment[i]!]!.push(i);
  const firstYearSeg = norm.findIndex((t) => yearInside.test(t));
  const segInfo = segTokens.map((ids) => {
    const words = ids.filter((i) => /\p{L}{3,}/u.test(bare[i]!));
    const caps = words.filter((i) => /^\p{Lu}/u.test(norm[i]!.replace(/^[^\p{L}]+/u, ''))).length;
    const ratio = words.length === 0 ? 'none' : caps / words.length >= 0.75 ? 'high' : caps / words.length >= 0.4 ? 'mid' : 'low';
    const len = ids.length <= 1 ? '1' : ids.length <= 3 ? '2-3' : ids.length <= 7 ? '4-7' : '8+';
    // A unit that reads as a body's name ("Centers for Disease Control and Prevention.", "OECD."): an author in the
    // first unit, a publisher near the end; the same test the fields use to keep a group author whole.
    const unitWords = ids.filter((i) => !/^[[(]?\d+[\].)]?$/.test(norm[i]!)).map((i) => norm[i]!);
    const org = unitWords.length > 0 && unitWords.length <= 12 && isOrganizationName(unitWords.join(' '));
    return { ratio, len, digits: ids.some((i) => /\d/.test(norm[i]!)), org };
  });
  // Reference-level signals: what kind of work the whole string looks like (an "In" before a container, a publisher,
  // volume(issue), pages, quotes) shifts every token's labels, e.g. journal against container-title.
  const global: string[] = [];
  const has = (test: (i: number) => boolean) => bare.some((_, i) => test(i));
  if (has((i) => i > 0 && classOf.get(bare[i]!)?.includes('in') === true && /^(in|In|in:|In:|im|dans)$/.test(norm[i]!))) global.push('g=in');
  if (has((i) => classOf.get(bare[i]!)?.includes('editor') === true)) global.push('g=editor');
  if (has((i) => classOf.get(bare[i]!)?.includes('publisher') === true)) global.push('g=publisher');
  if (has((i) => classOf.get(bare[i]!)?.includes('place') === true)) global.push('g=place');
  if (has((i) => /^\p{Lu}[\p{L}.-]+:$/u.test(norm[i]!) && i + 1 < n && /^\p{Lu}/u.test(norm[i + 1]!))) global.push('g=colonplace');
  if (has((i) => volIssue.test(norm[i]!))) global.push('g=volissue');
  if (has((i) => /^pp?\.$/i.test(norm[i]!) || pageRange.test(norm[i]!))) global.push('g=pages');
  if (has((i) => inQuote[i]!)) global.push('g=quote');
  if (has((i) => classOf.get(bare[i]!)?.includes('journal') === true)) global.push('g=journalword');
  if (has((i) => classOf.get(bare[i]!)?.includes('conference') === true)) global.push('g=conference');
  if (has((i) => classOf.get(bare[i]!)?.includes('thesis') === true)) global.push('g=thesis');
  if (/^[[(]?\d+[\].)]?$/.test(norm[0] ?? '')) global.push('g=numbered');
  if (has((i) => /^\((1[5-9]\d\d|20\d\d)[a-z]?\)[.,]?$/.test(norm[i]!))) global.push('g=parenyear');
  if (global.length === 0) global.push('g=none');
  // Landmarks in the token's own unit: an editor word ahead or behind ("In Famulus Christi, ed. G. Bonner." against
  // "In J. Du Bois & W. Ashby (Eds.), Preferred argument structure"), and how many commas stand before it; an "In"
  // opening the unit; a publisher word ahead. Which side of the editor mark a stretch sits on tells editor from container.
  const isClass = (i: number, c: string) => classOf.get(bare[i]!)?.includes(c) === true;
  const landmarks: string[][] = Array.from({ length: n }, () => []);
  for (const ids of segTokens) {
    const eds = ids.filter((i) => isClass(i, 'editor') && !/^\p{Lu}\p{Ll}{3,}/u.test(norm[i]!));
    const pubs = ids.filter((i) => isClass(i, 'publisher'));
    const opensIn = ids.length > 0 && isClass(ids[0]!, 'in');
    const kind = (e: number) => (introducesNames(norm, bare, e) ? 'intro' : 'close');
    const trs = ids.filter((i) => isClass(i, 'transl'));
    for (const i of ids) {
      const f = landmarks[i]!;
      const ahead = eds.find((e) => e > i);
      if (ahead !== undefined) {
        let commas = 0;
        for (let k = i; k < ahead; k++) if (/,$/.test(norm[k]!)) commas++;
        f.push(`edAhead=${Math.min(commas, 2)}`, `edAhead=${Math.min(commas, 2)}|${kind(ahead)}`);
      }
      const behind = eds.filter((e) => e < i).pop();
      if (behind !== undefined) f.push('edBehind', `edBehind|${kind(behind)}`);
      const trBehind = trs.filter((e) => e <= i).pop();
      if (trBehind !== undefined && (behind === undefined || trBehind > behind)) f.push('trBehind');
      if (trs.some((e) => e > i)) f.push('trAhead');
      if (opensIn) f.push(ahead !== undefined ? 'inUnit&edAhead' : 'inUnit');
      if (pubs.some((e) => e > i)) f.push('pubAhead');
    }
  }
  const out: string[][] = [];
  for (let i = 0; i < n; i++) {
    const t = norm[i]!;
    const b = bare[i]!;
    const rel = Math.min(9, Math.floor((i / Math.max(1, n)) * 10));
    const f = ['bias', `pos=${rel}`, `seg=${Math.min(segment[i]!, 6)}`, `i=${Math.min(i, 4)}`, `left=${Math.min(n - 1 - i, 3)}`];
    if (inQuote[i]) f.push('inquote');
    if (inParen[i]) f.push('inparen');
    f.push(yearBefore[i] ? 'afteryear' : 'beforeyear');
    f.push(`seg&year=${Math.min(segment[i]!, 4)}|${yearBefore[i] ? 1 : 0}`);
    const info = segInfo[segment[i]!]!;
    const yrel = firstYearSeg < 0 ? 'noyear' : String(Math.max(-3, Math.min(3, segment[i]! - segment[firstYearSeg]!)));
    f.push(`segrel=${yrel}`, `segcap=${info.ratio}`, `seglen=${info.len}`, `segcap&rel=${info.ratio}|${yrel}`, `seglen&rel=${info.len}|${yrel}`);
    if (info.digits) f.push('segdigits');
    if (info.org) f.push('segorg', `segorg&rel=${yrel}`, `segorg&seg=${Math.min(segment[i]!, 3)}`);
    if (i === 0 || segment[i - 1] !== segment[i]) f.push('segstart');
    for (const x of local(i)) f.push(x);
    for (const x of local(i - 1)) if (!x.startsWith('w=') || x.length < 12) f.push(`-1:${x}`);
    for (const x of local(i + 1)) if (!x.startsWith('w=') || x.length < 12) f.push(`+1:${x}`);
    for (const x of local(i - 2)) if (!x.startsWith('w=')) f.push(`-2:${x}`);
    for (const x of local(i + 2)) if (!x.startsWith('w=')) f.push(`+2:${x}`);
    if (b.length >= 4) f.push(`suf=${b.slice(-3)}`, `pre=${b.slice(0, 3)}`);
    f.push(`len=${Math.min(b.length, 8)}`);
    f.push(`s&end=${shapes[i]}|${t.slice(-1)}`);
    f.push(`ps=${i > 0 ? shapes[i - 1] : 'BOS'}|${shapes[i]}`);
    for (const g of global) f.push(g);
    for (const x of landmarks[i]!) f.push(x);
    out.push(f);
  }
  return out;
}

/** The last character of a token when it is punctuation, else its kind: what a boundary after it looks like. */
function endOf(t: string): string {
  const last = t.slice(-1);
  if (/[^\p{L}\p{N}]/u.test(last)) return last;
  return /\d/.test(last) ? 'd' : 'a';
}

/** How a token begins: an opening mark, a capital, a lower-case letter or a digit. */
function beginOf(t: string): string {
  const first = t[0] ?? '';
  if (/[^\p{L}\p{N}]/u.test(first)) return first;
  return /\p{Lu}/u.test(first) ? 'A' : /\d/.test(first) ? 'd' : 'a';
}

/**
 * Features of each boundary between tokens (index i: the boundary into token i; 0 is the start). The model weighs
 * them per label pair: "title → journal" is likely after "." before a capital, "title → container-title" before "In".
 */
export function edgeFeatures(tokens: readonly Token[]): string[][] {
  const norm = tokens.map((t) => normalizeTypography(t.text));
  const bare = norm.map(bareWord);
  return norm.map((t, i) => {
    if (i === 0) return ['e=BOS'];
    const p = norm[i - 1]!;
    const pe = endOf(p);
    const cb = beginOf(t);
    const f = [`pe=${pe}`, `pe&cb=${pe}|${cb}`];
    for (const c of classOf.get(bare[i]!) ?? []) f.push(`cw=${c}`, `pe&cw=${pe}|${c}`);
    for (const c of classOf.get(bare[i - 1]!) ?? []) f.push(`pw=${c}`);
    if (yearRe.test(t)) f.push('c=year');
    if (yearRe.test(p)) f.push('p=year');
    if (initials.test(p)) f.push('p=initials');
    return f;
  });
}

const doiLead = /^[[(<]?doi\b/i;
const isbnDigits = /^[[(]?(?:97[89][-\s]?)?\d[\d-]{7,}[\dXx][.,;)\]]*$/;
const urlLike = /:\/\/|^[<(]?www\.|^url:?$|\//i;

/**
 * What a token's text alone settles about its label, applied when decoding: identifiers have fixed forms, so the
 * model may not call a token a DOI unless it holds "10.prefix/suffix" or the word "doi", an ISBN unless it is
 * "ISBN"/"ISSN" or a run of 10 or 13 digits, a URL unless it looks like an address or a piece of one; and a token that
 * plainly is one of them (a DOI, "ISBN", a web address) takes that label or, for web addresses that are DOIs, the DOI's.
 * Beyond identifiers, the conventions anystyle's labels follow nearly without exception ("In Book, ed. Name", "3rd
 * ed.", "Reprinted in …", "Place: Publisher, year", a book series, an arXiv id…) hold their labels here too; each is
 * counted and judged on cross-validation in decision 0019 (rounds 8 to 10).
 */
export function tokenConstraints(tokens: readonly Token[]): (TokenConstraint | null)[] {
  const norm = tokens.map((t) => normalizeTypography(t.text));
  const bare = norm.map(bareWord);
  const beforeEditor = containerBeforeEditor(norm, bare);
  const translated = translatorStretch(norm, bare);
  const edition = editionPhrase(norm);
  const units = unitsOf(norm, bare);
  const namedEdition = editionByName(norm, units);
  const roleOf = roleNames(norm, bare);
  const series = seriesAfterVolume(norm, bare);
  const editorNames = editorsByName(norm);
  const cityCountry = placePairs(norm);
  const phrases = phraseFields(norm, bare);
  // A title that ends "(abstract)." is followed by where the abstract appeared, never more title (9 of 9).
  const abstractEnd = norm.findIndex((t) => /^\(abstract\)[.,]$/i.test(t));
  const quotedEnd = Math.min(quotedTitleEnd(norm, bare), abstractEnd < 0 ? norm.length : abstractEnd);
  const opensBook = inAfterTitle(norm, units);
  const seriesName = seriesNames(norm, bare, units, quotedEnd);
  const numberedSeries = knownSeries(norm);
  const arxiv = arxivNote(norm);
  const volume = volumeMark(norm);
  const database = databaseName(norm, bare);
  const remark = closingRemark(norm);
  const imprint = placeAndPublisher(norm, bare);
  const lastPages = closingPages(norm);
  const vancouverJournal = journalBeforeVancouverDate(norm, bare);
  const monthDayYear = fullDates(norm, bare);
  // "et al." closes a list of names: no author follows it (none of 470 tokens in anystyle's labels).
  const etAl = norm.findIndex((t, i) => i > 0 && /^et$/i.test(norm[i - 1]!) && /^al\.?[,.;:]?$/i.test(t));
  return norm.map((x, i) => {
    if (edition[i] || namedEdition[i]) return { only: ['edition'] };
    if (series[i] || seriesName[i]) return { only: ['collection-title'] };
    const seriesLabel = numberedSeries[i];
    if (seriesLabel) return { only: [seriesLabel] };
    if (editorNames[i]) return { only: ['editor'] };
    const role = roleOf[i];
    if (role) return { only: [role] };
    if (arxiv[i]) return { only: ['note'] };
    const phrase = phrases[i];
    // A full web address is the URL, in a note's rest too ("Retrieved from http://…"): 62 of 63 in anystyle's labels.
    // A bare domain may be a remark ("Retrieved from www.scopus.com").
    if (fullAddress.test(x) && !doiRe.test(x) && (!phrase || phrase.phrase.rest.includes('url'))) return { only: ['url'] };
    // A note's rest stays in the note bar a date or an address ("Submitted, 1998."; "Retrieved from http…"); a bare
    // domain there names where it was found ("Retrieved from www.scopus.com"), 2 of 2.
    if (phrase && phrase.part === 'rest' && /^[(<]?www\.[^/\s]+\/?[.,;)>]*$/i.test(x)) return { only: ['note'] };
    if (phrase) return { only: phrase.part === 'lead' ? [phrase.phrase.label] : phrase.phrase.rest };
    if (isbnRe.test(x)) return { only: ['isbn'] };
    // A DOI written as a web address ("https://doi.org/10.…") is either, as labellers differ (anystyle: the URL).
    if (doiRe.test(x)) return { only: ['doi', 'url'] };
    if (urlRe.test(x)) return { only: ['url', 'note'] };
    if (remark[i]) return { only: ['note'] };
    const imprintLabel = imprint[i];
    if (imprintLabel) return { only: [imprintLabel] };
    if (lastPages[i]) return { only: ['pages'] };
    if (vancouverJournal[i]) return { only: ['journal'] };
    // "Jul. 5, 2001." is a date (outside a note's phrase: "Retrieved January 22, 2010," is the note's).
    if (monthDayYear[i]) return { only: ['date'] };
    if (volume[i]) return { only: ['volume'] };
    if (database[i]) return { only: ['note'] };
    // "doi:" standing before the identifier belongs to it.
    if (/^[[(]?doi:?$/i.test(x) && doiRe.test(norm[i + 1] ?? '')) return { only: ['doi'] };
    const never: string[] = beforeEditor[i] || translated[i] ? ['editor'] : [];
    // A role's names end at their stop: what follows starts another field ("Trans. W. D. Ross. The Internet Classics
    // Archive.").
    const previousRole = i > 0 ? roleOf[i - 1] : null;
    if (previousRole && /\.$/.test(norm[i - 1]!)) never.push(previousRole);
    if (etAl >= 0 && i > etAl) never.push('author');
    if (i > quotedEnd) never.push('title');
    // "Title. In Book" opens the book (or its editors, or the journal), whatever the title before looked like.
    else if (opensBook[i]) never.push('title');
    if (cityCountry[i]) never.push('container-title', 'journal');
    if (numbersAfterName(norm, i)) never.push('title', 'container-title', 'journal', 'editor', 'author');
    if (!doiLead.test(x)) never.push('doi');
    if (!isbnDigits.test(x)) never.push('isbn');
    if (!urlLike.test(x) && !/\.(com|org|net|edu|gov|int|html?|pdf|php|aspx?)\b/i.test(x)) never.push('url');
    return never.length > 0 ? { never } : null;
  });
}

/**
 * Where a title in double quotes that opens its unit closes ("“Metaphor.” Oxford English Dictionary.", "``Photonic
 * nanostructures …,'' in Optics East"): the title ends with its quote, so nothing after it is the title. Past the
 * end when the reference has none, or one whose title plainly goes on.
 */
function quotedTitleEnd(norm: readonly string[], bare: readonly string[]): number {
  const start = norm.findIndex((t) => /^(“|"|``|„)/.test(t));
  if (start < 0 || (start > 0 && !endsUnit(norm[start - 1]!, bare[start - 1]!) && !/[,:;]$/.test(norm[start - 1]!))) return norm.length;
  // A quote inside a title in single quotes ("‘Poe on the Beat: “Doing of Gotham” as …’") is not the title.
  if (norm.slice(0, start).some((t) => /^[‘']/.test(t))) return norm.length;
  for (let k = start; k < norm.length; k++) {
    if (k > start && /^(“|"|``|„)/.test(norm[k]!)) return norm.length;
    if (!/(”|"|''|“)[.,;:]*$/.test(norm[k]!) || (k === start && norm[k]!.length < 4)) continue;
    // Only a quote that holds its own closing stop ("Metaphor.”, "…multiplexing,''") ends the title: after
    // "“Gli indesiderabili”. L’Italia e …" or "“Behind the Store”: Montreal …" the title goes on, and so it does
    // in a review ("“Bad Company.” Review of Gain, by …") or a list of quoted titles.
    const next = norm[k + 1] ?? '';
    if (!/[.,?!](”|"|''|“)$/.test(norm[k]!) && !/(”|"|'')[,]$/.test(norm[k]!) || /^(review|rev\.)/i.test(next) || /^(“|"|``|„)/.test(next)) return norm.length;
    return k;
  }
  return norm.length;
}

/**
 * Whether token i is a number that follows a name rather than belongs to it: pages in brackets ("(301-338).",
 * "(p.227)"), or a bare number closed by a comma or colon with a page or a number after it ("103, 18556.",
 * "16, 1, (May 1988)").
 */
function numbersAfterName(norm: readonly string[], i: number): boolean {
  const t = norm[i]!;
  // Bare ranges are left alone: "The Frankish World, 750-900," holds years.
  // So are years in brackets: "(2005-2008).", "(1589-1595):".
  if (/^\((pp?\.\s?)?\d+[a-z]?(-{1,2}\d+[a-z]?)?\)[.,;:]*$/i.test(t)) return /^\(pp?\./i.test(t) || /^\(\d{1,3}[a-z]?-/.test(t);
  if (!/^\d{1,4}[,:]$/.test(t) || /^(1[5-9]|20)\d\d/.test(t)) return false;
  const next = norm[i + 1] ?? '';
  return (/^\(?(pp?\.)?\d/.test(next) && !/^\(?(1[5-9]|20)\d\d\b/.test(next)) || pageRange.test(next);
}

/**
 * Which tokens are an "In" that opens a unit after the title's unit ("On the semantics of STRIPS. In Reasoning about
 * Actions …"). Not after the author (MLA "Kellert, In the Wake of Chaos"), a year (APA "(2000). In search of
 * excellence.") or a colon (a subtitle). A lower-case ", in" is left to the model: titles hold it ("… Antibody, in
 * Rheumatoid Arthritis Patients …").
 */
function inAfterTitle(norm: readonly string[], { unitOf, starts }: Units): boolean[] {
  const out = norm.map(() => false);
  for (let i = 1; i < norm.length; i++) {
    if (!/^(in|in:)$/i.test(norm[i]!)) continue;
    const unit = unitOf[i]!;
    if (i === starts[unit] && unit >= 2 && /[.?!]["']*$/.test(norm[i - 1]!)) {
      const previous = norm.slice(starts[unit - 1], i);
      const dateUnit = previous.length <= 4 && previous.some((w) => yearInside.test(w));
      out[i] = !dateUnit;
    }
  }
  return out;
}

const inWord = /^(in|in:|im|dans|nel)$/i;
const translatorMark = /^\(?(translated|translator|translators|trans\.|transl\.|tr\.|übers\.|übersetzt|ubersetzt|traduit|traduction|trad\.)[,;:)]*$/i;
const byWord = /^(by|von|par|di|de)$/i;
const joiner = /^(and|&|und|et)$/i;

/**
 * Whether the editor's (or translator's) mark at i introduces the names that follow it ("ed. Gerald Bonner", "edited by",
 * "(Eds D Armitage, …") rather than closing the names before it ("(Eds.),", "Tim Ingold, ed.", IEEE's "E. Neuhold, Ed.").
 */
function introducesNames(norm: readonly string[], bare: readonly string[], i: number): boolean {
  const t = norm[i]!;
  const next = norm[i + 1];
  if (next === undefined || endsUnit(t, bare[i]!) || /[,\]]$/.test(t) || /\)[.,;:]*$/.test(t)) return false;
  // IEEE's "E. Neuhold, Ed." closes the names just before it.
  if (/^\p{Lu}/u.test(t) && i > 1 && /^\p{Lu}[\p{L}'’-]+,$/u.test(norm[i - 1]!) && initials.test(norm[i - 2]!)) return false;
  if (byWord.test(next)) return true;
  // What follows must read as a person's name ("Gerald Bonner.", "A.D. Clarke &", "Linstrom, P. J.;"), not a title
  // ("in Bill Puka, ed. Moral Development: Defining Perspectives …").
  for (let k = i + 1; k < Math.min(norm.length, i + 6); k++) {
    const w = norm[k]!.replace(/^\(/, '');
    if (joiner.test(w)) return k > i + 1;
    const classes = classOf.get(bare[k]!) ?? [];
    const word = /^\p{Lu}[\p{L}'’]*\p{Ll}[\p{L}'’]*(-[\p{L}'’]+)*[.,;]?$/u.test(w) && classes.every((c) => c === 'particle');
    const nameLike = initials.test(w) || /^(\p{Lu}\.-?)+\p{Lu}?\.?[,;]?$/u.test(w) || word || classes.includes('particle');
    // Two name-like words and then something else ("Don E. Fehrenbacher (New York:") end the names too.
    if (!nameLike) return k > i + 2 && !/:$/.test(w) && !/^\p{Ll}/u.test(w);
    if (/[,;]$/.test(w) || (/\.$/.test(w) && !initials.test(w) && !/^(\p{Lu}\.-?)+$/u.test(w))) return true;
  }
  return false;
}

/**
 * Which tokens stand between an "In" and an editor mark that introduces names in the same unit ("In Famulus Christi,
 * ed. Gerald Bonner."; "In Melville and Aesthetics, edited by Samuel Otter"; "in Optics East (M. F. Lipson, …, eds.)"
 * is the same with the names in brackets): that stretch names the book, never its editors. A mark that follows the
 * names ("In J. Du Bois & W. Ashby (Eds.),", "In What Is an Animal? Tim Ingold, ed.") leaves the stretch to the model.
 */
function containerBeforeEditor(norm: readonly string[], bare: readonly string[]): boolean[] {
  const out = norm.map(() => false);
  let unitStart = 0;
  let opened = -1;
  for (let i = 0; i < norm.length; i++) {
    // "In:" opens the book rather than ending a unit.
    if (i > unitStart && endsUnit(norm[i - 1]!, bare[i - 1]!) && i - 1 !== opened) {
      unitStart = i;
      opened = -1;
    }
    if (opened < 0 && inWord.test(norm[i]!) && (i === unitStart || /[,;]["'”’]*$/.test(norm[i - 1]!))) opened = i;
    if (opened < 0 || i === opened) continue;
    const t = norm[i]!;
    const isMark = classOf.get(bare[i]!)?.includes('editor') === true;
    const introduces = isMark && introducesNames(norm, bare, i);
    // "(M. F. Lipson, G. Barbastathis, …, eds.)": a bracket of names closed by the mark, right after the book's title.
    let bracketStart = -1;
    if (isMark && /\)[.,;:]*$/.test(t)) {
      for (let k = i - 1; k > opened; k--) if (norm[k]!.startsWith('(')) { bracketStart = k; break; }
      if (bracketStart >= 0 && norm.slice(bracketStart, i).some((w) => w.endsWith(','))) {
        for (let k = opened; k < bracketStart; k++) out[k] = true;
      } else if (bracketStart < 0) {
        const book = bookBeforeNames(norm, bare, opened, i);
        for (let k = opened; k <= book; k++) out[k] = true;
      }
      opened = -1;
      continue;
    }
    if (introduces) {
      for (let k = opened; k < i; k++) out[k] = true;
      opened = -1;
    } else if (isMark) {
      const book = bookBeforeNames(norm, bare, opened, i);
      for (let k = opened; k <= book; k++) out[k] = true;
      opened = -1;
    }
  }
  // A mark that closes the names ("In Georgeff, M. P., & Lansky, A. L. (Eds.), Reasoning About Actions & Plans,";
  // "In: C. D. Darlington & K. R. Lewis, eds. Chromosomes today."): the rest of its unit is the book, never an editor.
  for (let i = 0; i < norm.length; i++) {
    const next = norm[i + 1];
    if (next === undefined || classOf.get(bare[i]!)?.includes('editor') !== true || !/[,):;.]$/.test(norm[i]!) || endsUnit(norm[i]!, bare[i]!)) continue;
    if (introducesNames(norm, bare, i) || joiner.test(next) || /^by$/i.test(next)) continue;
    for (let k = i + 1; k < norm.length; k++) {
      out[k] = true;
      if (endsUnit(norm[k]!, bare[k]!)) break;
    }
  }
  return out;
}

/**
 * Where the book ends in "in New Trends in Macroeconomics, Diebolt, C., and Kyrtsou, C., (eds.)," or "In: A Manual of
 * Acarology, Krantz G.W and D.E. Walter Eds.,": the book's title up to its comma, then only names up to the mark that
 * closes them. The title must hold a lower-case word that is no joiner ("in", "of"), so that "In Smith, J., & Jones,
 * K. (Eds.)" and "In John Smith, Kate Jones, and Lee Park (eds.)" stay names. The comma's index, or -1.
 */
function bookBeforeNames(norm: readonly string[], bare: readonly string[], opened: number, mark: number): number {
  let comma = -1;
  for (let k = opened + 1; k < mark; k++) {
    if (/,["'”’]*$/.test(norm[k]!)) {
      comma = k;
      break;
    }
  }
  if (comma < 0 || comma >= mark - 1 || comma - opened < 2) return -1;
  let lowerWord = false;
  for (let k = opened + 1; k <= comma; k++) lowerWord ||= /^\p{Ll}/u.test(norm[k]!) && !nameLikeAt(norm, bare, k);
  if (!lowerWord) return -1;
  for (let k = comma + 1; k < mark; k++) if (!nameLikeAt(norm, bare, k)) return -1;
  return comma;
}

/**
 * Which tokens a translator's mark opens ("translated by Caryl Emerson and Michael Holquist.", "trans. W. Rehg",
 * "Traduction de Chantal Thérond."), up to the end of the unit or the next editor's mark: never an editor's span.
 * "(ed. and trans.)" belongs to the editor and "(trans.)" after the names is left to the model.
 */
function translatorStretch(norm: readonly string[], bare: readonly string[]): boolean[] {
  const out = norm.map(() => false);
  for (let i = 0; i < norm.length; i++) {
    if (!translatorMark.test(norm[i]!) || /\)[.,;:]*$/.test(norm[i]!) || (i > 0 && joiner.test(norm[i - 1]!))) continue;
    for (let k = i; k < norm.length; k++) {
      if (k > i && classOf.get(bare[k]!)?.includes('editor') === true) break;
      out[k] = true;
      if (endsUnit(norm[k]!, bare[k]!) || /[;]$/.test(norm[k]!)) break;
    }
  }
  return out;
}

/** A word that may stand in a list of names: a name or initials, "and"/"&", a particle ("van", "de"). */
const nameLikeAt = (norm: readonly string[], bare: readonly string[], k: number) => nameWord.test(norm[k]!) || joiner.test(norm[k]!) || classOf.get(bare[k]!)?.includes('particle') === true;

const nameWord = /^\(?(\p{Lu}\.-?)+\p{Lu}?\.?\)?[.,;]?$|^\(?\p{Lu}[\p{L}'’]*\p{Ll}[\p{L}'’]*(-[\p{L}'’]+)*\)?[.,;]?$/u;

/** A role named by a mark before the names ("Trans. Nicholas Rand.", "Dir. David Twohy.") or after them ("(trans.)"). */
interface Role {
  label: string;
  opening: RegExp;
  /** A mark after the names, in brackets or closing them: "(trans.)", "(Director).", "Trans.).". */
  closing: RegExp;
  /** A bare word after the names ("Soderbergh, Steven, director."): only for names that open the reference. */
  closingWord?: RegExp;
  /** The names run on past commas to the stop. */
  list?: boolean;
  /** The mark counts only with "by" after it ("edited by", not "Edited and translated"). */
  byOnly?: boolean;
}
const roles: Role[] = [
  { label: 'translator', opening: translatorMark, closing: /^\(?(trans|transl|tr|übers|trad)\.?\)[.,;:]*$/i },
  { label: 'director', opening: /^dir[.,]$/i, closing: /^\((director|directors|writer\/director)\)[.,;:]*$/i, closingWord: /^director[.,]$/i },
  { label: 'producer', opening: /^prod\.$/i, closing: /^\((producer|producers)\)[.,;:]*$/i, closingWord: /^producer[.,]$/i },
  // MLA's performers are a note, a list of names: "Perf. John Travolta, Robert Duvall, Stephen Fry."
  { label: 'note', opening: /^perf\.$/i, closing: /^$/, list: true },
  // "edited by Barry Carlson.": the editor, 30 of 30 in anystyle's labels (a bare "ed." may close names before it).
  { label: 'editor', opening: /^edited$/i, closing: /^$/, byOnly: true },
];
/**
 * Which tokens name a translator, a director or a producer beyond doubt: a mark that opens a stretch of names
 * ("translated by Caryl Emerson and Michael Holquist.", "Trans. Nicholas Rand.", "(tr. David Smith and G.A. Kon),",
 * "Übersetzt von Johann Jancke.", "Dir. David Twohy.", "Prod. Andrew Braunsberg.") with those names, and the names a
 * closing mark follows ("Richard Stokes (trans.)", "(H. J. Silverman, Trans.).", "& Yates, D. (Director).",
 * "Barron, D., Heyman, D. (Producers),", "Soderbergh, Steven, director."). "Edited and translated by …" stays with the
 * editor; "IEEE Trans. Pattern Anal." is a journal (the mark does not open a unit or follow a comma there).
 */
function roleNames(norm: readonly string[], bare: readonly string[]): (string | null)[] {
  const out: (string | null)[] = norm.map(() => null);
  const nameLike = (k: number) => nameLikeAt(norm, bare, k);
  for (let i = 0; i < norm.length; i++) {
    const t = norm[i]!;
    const role = roles.find((r) => r.closing.test(t) || (r.closingWord?.test(t) === true && i > 0 && /,$/.test(norm[i - 1]!)));
    if (role) {
      // Back over the names: to the bracket that holds them with the mark, to the comma or stop before them (a
      // "Surname, I." pair and a list of such pairs hold commas of their own), or to the start for a bare word.
      const word = role.closingWord?.test(t) === true;
      const inBracket = !word && !t.startsWith('(');
      let k = i - 1;
      let names = 0;
      for (; k >= 0; k--) {
        const w = norm[k]!;
        const pairComma = /,$/.test(w) && (initials.test(w) || initials.test(norm[k + 1] ?? ''));
        if (!inBracket && !word && /[,.;:)]["'”’]*$/.test(w) && !initials.test(w) && !pairComma) break;
        if (!nameLike(k)) { k = -2; break; }
        names++;
        if (inBracket && w.startsWith('(')) { k--; break; }
      }
      const start = k + 1;
      if (k === -2 || names === 0 || (inBracket && !norm[start]!.startsWith('(')) || (word && start > 0)) continue;
      for (let j = start; j <= i; j++) out[j] = role.label;
      continue;
    }
    const opener = roles.find((r) => r.opening.test(t));
    if (!opener) continue;
    if (/\)[.,;:]*$/.test(t) || (i > 0 && joiner.test(norm[i - 1]!))) continue;
    const opensChunk = i === 0 || t.startsWith('(') || endsUnit(norm[i - 1]!, bare[i - 1]!) || /[,;]["'”’]?$/.test(norm[i - 1]!);
    const next = norm[i + 1] ?? '';
    const by = byWord.test(next);
    if (opener.byOnly && !/^by$/i.test(next)) continue;
    let k = by ? i + 2 : i + 1;
    // "TR." is initials; "Trans. Amer. Math. Soc." is a journal: names follow a bare mark, not abbreviations.
    if (!opensChunk || /^\p{Lu}{2,}\.?$/u.test(t) || !nameWord.test(norm[k] ?? '') || (!by && /^\p{Lu}\p{Ll}+\.$/u.test(norm[k]!))) continue;
    const bracketed = t.startsWith('(');
    for (; k < norm.length; k++) {
      const w = norm[k]!;
      if (!bracketed && k > i + 1 && w.startsWith('(')) { k--; break; }
      if (!(nameLike(k) || /^(jr\.|sr\.)$/i.test(w))) { k--; break; }
      if (bracketed ? /\)[.,;:]*$/.test(w) : (/[.;]$/.test(w) && !initials.test(w) && !/^(\p{Lu}\.-?)+$/u.test(w)) || (!opener.list && /,$/.test(w) && !/^(jr|sr)\.?,?$/i.test(norm[k + 1] ?? ''))) break;
    }
    for (let j = i; j <= Math.min(k, norm.length - 1); j++) out[j] = opener.label;
  }
  return out;
}

/**
 * Which tokens cite an edited book by its editors' names alone, as a short cross-reference to another entry: "In
 * Prazniak and Dirlik, 15–51.", "in Hecht and Steere (1970), pp. 43–96.", "In Keane et al. [4], pages 233-246." —
 * names and then pages, a bracketed year or an entry number. "In Melville and Aesthetics, edited by …" is a book.
 */
function editorsByName(norm: readonly string[]): boolean[] {
  const out = norm.map(() => false);
  const word = (w: string) => /^\p{Lu}[\p{Ll}'-]+$/u.test(w);
  for (let i = 0; i + 3 < norm.length; i++) {
    if (!/^(in|in:)$/i.test(norm[i]!) || !word(norm[i + 1]!)) continue;
    const pair = /^(and|&)$/.test(norm[i + 2]!) && /^\p{Lu}[\p{Ll}'-]+[,.]?$/u.test(norm[i + 3]!);
    const etAl = norm[i + 2] === 'et' && /^al\.?,?$/.test(norm[i + 3]!);
    if (!pair && !etAl) continue;
    const after = norm[i + 4] ?? '';
    if (!(pageRange.test(after) || /^(pp?\.|pages?)$/i.test(after) || /^\(\d{4}[a-z]?\)/.test(after) || /^\[\d+\]/.test(after))) continue;
    for (let k = i; k <= i + 3; k++) out[k] = true;
  }
  return out;
}

const countries = new Set('argentina australia austria belgium brazil canada chile china czechia denmark egypt england finland france germany greece hungary india indonesia iran ireland israel italy japan kenya korea mexico netherlands nigeria norway pakistan poland portugal russia scotland singapore slovakia slovenia spain sweden switzerland taiwan thailand turkey uk usa u.s.a wales'.split(' '));
const usStates = new Set('AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY DC'.split(' '));

/**
 * Which tokens are a place written "City, Country" or "City, ST" ("Pisa, Italy.", "Bled, Slovenia.", "Wise, VA,"):
 * in anystyle's labels such a pair is a location 143 times and a title's last words 10 times, never a proceedings
 * or journal name, so it never ends a container ("… Conference on Artificial Intelligence Pisa, Italy.").
 */
function placePairs(norm: readonly string[]): boolean[] {
  const out = norm.map(() => false);
  for (let i = 1; i < norm.length; i++) {
    const w = norm[i]!.replace(/[.,;:)]+$/, '');
    if (!(countries.has(w.toLowerCase()) || usStates.has(w)) || !/^\p{Lu}[\p{L}/-]+,$/u.test(norm[i - 1]!)) continue;
    out[i - 1] = true;
    out[i] = true;
  }
  return out;
}

/**
 * Which tokens name the series a numbered volume belongs to: "volume 1234, of Lecture Notes in Computer Science,",
 * "volume 60 of Math. Sci. Res. Inst. Publ.,". The stretch must end at a comma: Chicago's "Vol. 4 of Gesammelte
 * Dichtungen." names the multi-volume book itself.
 */
function seriesAfterVolume(norm: readonly string[], bare: readonly string[]): boolean[] {
  const out = norm.map(() => false);
  for (let i = 2; i < norm.length; i++) {
    if (norm[i] !== 'of' || !/^\d+,?$/.test(norm[i - 1]!) || !/^(vol|vols|volume|v|no|number|band|bd|tome|t)\.?$/i.test(norm[i - 2]!)) continue;
    // Abbreviated series names hold stops of their own ("of Math. Sci. Res. Inst. Publ.,").
    let k = i + 1;
    while (k < norm.length && !/,$/.test(norm[k]!) && (!endsUnit(norm[k]!, bare[k]!) || /^\p{Lu}\p{Ll}{0,4}\.$/u.test(norm[k]!))) k++;
    if (k >= norm.length || !/,$/.test(norm[k]!)) continue;
    for (let j = i; j <= k; j++) out[j] = true;
  }
  return out;
}

/**
 * Which tokens name the book series a work belongs to, standing after its title: a stretch holding the word "Series"
 * ("Trends in Higher Education Series,", "Prentice-Hall Series in Computational Mathematics.", "Mercury Series
 * Directorate Paper 3.") or a bracketed name with its number ("(Patristische Texte und Studien 20)."). Not the title
 * itself ("Calendar of State Papers, Foreign Series, …", a subtitle after a colon), not a journal ("In International
 * Journal of American Linguistics, Native American Texts Series,", "Journal of Physics: Conference Series"), not
 * "Series A" or "Series volume 101".
 */
function seriesNames(norm: readonly string[], bare: readonly string[], { unitOf, starts }: Units, quotedEnd: number): boolean[] {
  const out = norm.map(() => false);
  const unitTokens = (u: number) => norm.slice(starts[u] ?? norm.length, starts[u + 1] ?? norm.length);
  // The title's unit comes after a citation number, the names and a date standing as units of their own.
  let titleUnit = /^[[(]?\d{1,4}[\])]?\.?$/.test(norm[0] ?? '') && unitTokens(0).length === 1 ? 2 : 1;
  const dateUnit = unitTokens(titleUnit);
  if (dateUnit.length <= 4 && dateUnit.some((t) => yearInside.test(t)) && dateUnit.every((t) => yearInside.test(t) || months.has(bareWord(t)) || /^\(?\d{1,2}[,)]?\.?$/.test(t))) titleUnit++;
  for (let i = 1; i < norm.length; i++) {
    const unitStart = starts[unitOf[i]!]!;
    if (!(i === unitStart || /,["']?$/.test(norm[i - 1]!) || norm[i]!.startsWith('('))) continue;
    // French "Coll. Folio Essais," names the series by its mark, wherever it stands.
    const marked = /^coll\.$/i.test(norm[i]!) && /^\p{Lu}/u.test(norm[i + 1] ?? '');
    if (!marked && (quotedEnd < norm.length ? i <= quotedEnd : unitOf[i]! <= titleUnit)) continue;
    // A subtitle ("The Series of Events") follows a colon (a bracket inside the subtitle's unit may still name the
    // series); a journal is opened by "In".
    const subtitle = /:$/.test(norm[unitStart - 1] ?? '') && !norm[i]!.startsWith('(');
    if (subtitle || inWord.test(norm[unitStart]!)) continue;
    let k = marked ? i + 1 : i;
    while (k < norm.length - 1 && !endsUnit(norm[k]!, bare[k]!) && !/[,;]$|^\d+\.$/.test(norm[k]!)) k++;
    const stretch = norm.slice(i, k + 1);
    if (stretch.some((t, j) => j < stretch.length - 1 && /:$/.test(t))) continue;
    const named = stretch.some((t, j) => j > 0 && bare[i + j] === 'series' && /^\(?S/.test(t) && !/^(\p{Lu}|\d+|[Vv]ol\.?|[Vv]olume)[.,]?$/u.test(stretch[j + 1] ?? ''));
    const numbered = stretch.length >= 4 && /^\(\p{Lu}\p{Ll}/u.test(stretch[0]!) && /^\d{1,3}\)[.,]?$/.test(stretch.at(-1)!) && !stretch.some((t) => /^\(?(vol|vols|no|nr|suppl|pp?|report|rep|paper)\.?$/i.test(t));
    if (!named && !numbered && !marked) continue;
    for (let j = i; j <= k; j++) out[j] = true;
    i = k;
  }
  return out;
}

/**
 * Which tokens name a book series and its number by the form series take: Springer's "Lecture Notes in Computer
 * Science 392," and a series in brackets, "(BAR International Series, 604)". Without the number ("Lecture Notes in
 * Physics,") anystyle's labels call it the book 9 times of 46 tokens, so the model decides. Index → label, or null.
 */
function knownSeries(norm: readonly string[]): (string | null)[] {
  const out: (string | null)[] = norm.map(() => null);
  const seriesWord = (t: string) => /^(\p{Lu}[\p{L}-]*|and|of|in|&),?$/u.test(t.replace(/^\(/, ''));
  for (let i = 0; i + 3 < norm.length; i++) {
    const lectureNotes = norm[i] === 'Lecture' && norm[i + 1] === 'Notes' && norm[i + 2] === 'in';
    const bracketed = /^\(\p{Lu}/u.test(norm[i]!);
    if (!lectureNotes && !bracketed) continue;
    // The name runs to its comma or to the number after it.
    let end = lectureNotes ? i + 3 : i;
    while (end + 1 < norm.length && end < i + 9 && seriesWord(norm[end]!) && !/,$/.test(norm[end]!) && !/^\d/.test(norm[end + 1]!)) end++;
    const number = norm[end + 1] ?? '';
    if (!seriesWord(norm[end]!)) continue;
    // "(BAR International Series, 604)": the bracket holds the name ending "Series" and the number, nothing else.
    if (bracketed && !(/^Series,?$/.test(norm[end]!) && /^\d{1,5}\)[.,;:]?$/.test(number))) continue;
    // "Lecture Notes in Computer Science 392,": the number follows the name straight away.
    if (lectureNotes && (/,$/.test(norm[end]!) || !/^\d{1,5}[.,;:]?$/.test(number))) continue;
    for (let j = i; j <= end; j++) out[j] = 'collection-title';
    out[end + 1] = 'volume';
    i = end + 1;
  }
  return out;
}

/**
 * Which tokens spell a volume by its mark ("Vol. 22.", "Volume 30.", "volume 1234,", "Bd. 3"): the volume, never the
 * book's name around it (104 of 109 in anystyle's labels). Not when a colon follows the number: "volume I:
 * Architecture" and "vol. III: Cognitive development" name a part of the book.
 */
function volumeMark(norm: readonly string[]): boolean[] {
  const out = norm.map(() => false);
  for (let i = 0; i + 1 < norm.length; i++) {
    if (!/^\(?(vol|vols|volume|bd|band|tome)\.?$/i.test(norm[i]!) || !/^([0-9]+|[IVXLCivxlc]+)[.,;)]*$/.test(norm[i + 1]!)) continue;
    out[i] = out[i + 1] = true;
  }
  return out;
}

/**
 * Which tokens name the database a work was read in, MLA's second container ("… pp. 1360–80. JSTOR,
 * www.jstor.org/stable/2776392."): a short name opening a unit after the pages, with a full web address straight
 * after it. A remark, as anystyle labels "Retrieved … from LexisNexis AU." — never the publisher.
 */
function databaseName(norm: readonly string[], bare: readonly string[]): boolean[] {
  const out = norm.map(() => false);
  let pagesSeen = false;
  for (let i = 1; i < norm.length; i++) {
    pagesSeen ||= pageRange.test(norm[i - 1]!) || /^pp?\.$/i.test(norm[i - 1]!);
    if (!pagesSeen || !endsUnit(norm[i - 1]!, bare[i - 1]!)) continue;
    let k = i;
    while (k < i + 3 && k < norm.length && /^\p{Lu}/u.test(norm[k]!) && !/,$/.test(norm[k]!)) k++;
    if (k >= norm.length || !/^\p{Lu}[^,]*,$/u.test(norm[k]!) || !fullAddress.test(norm[k + 1] ?? '')) continue;
    for (let j = i; j <= k; j++) out[j] = true;
  }
  return out;
}

/**
 * Which tokens make a bracketed remark in lower case that ends the reference: "(with personal reflections by R.
 * Bryant-Jeffries & N. Gaylin)", "(in Hebrew)", "(il manque pp.28-29).", "[accessed 6 June 2016]". Anystyle labels
 * them notes; pages, volumes, editors' and translators' marks, addresses and identifiers in brackets are not remarks.
 */
function closingRemark(norm: readonly string[]): boolean[] {
  const out = norm.map(() => false);
  const last = norm.length - 1;
  if (last < 1 || !/[)\]][.,;]?$/.test(norm[last]!)) return out;
  let start = last;
  while (start > 0 && !/^[([]/.test(norm[start]!)) start--;
  const first = norm[start]!;
  if (!/^[([]\p{Ll}{2,}/u.test(first) || /^[([](pp?|vol|vols|no|nr|serial|eds?|trans|tr|dir|a|http|https|www|doi|arxiv)\b/i.test(first)) return out;
  if (norm.slice(start, last).some((t) => /[)\]]/.test(t))) return out;
  for (let k = start; k <= last; k++) out[k] = true;
  return out;
}

/**
 * Which tokens spell "Place: Publisher, year" as a unit of its own ("London: Routledge, 1997.", "New York: Holt and
 * Company, 1920)", "Basingstoke: Palgrave Macmillan, 2005: 160-179."): the place, then the publisher, 94 of 94 such
 * units in anystyle's labels. Chicago's notes put it in brackets ("(Oxford: Clarendon Press, 1992).", "(Delhi: Ajanta
 * Publications)"): 21 of 22 there, one bracket read whole as a note. Index → label, or null.
 */
function placeAndPublisher(norm: readonly string[], bare: readonly string[]): (string | null)[] {
  const out: (string | null)[] = norm.map(() => null);
  const place = /^\(?\p{Lu}\p{Ll}+:$/u;
  const year = /^(1[5-9]|20)\d\d[a-z]?[.,);:]?$/;
  const yearClosing = /^(1[5-9]|20)\d\d[a-z]?\)[.,;:]?$/;
  for (let i = 0; i + 2 < norm.length; i++) {
    const bracket = norm[i]!.startsWith('(');
    if (!bracket && (i === 0 || !/[.)]["']?$/.test(norm[i - 1]!) || !endsUnit(norm[i - 1]!, bare[i - 1]!))) continue;
    const p = /^\(?\p{Lu}\p{Ll}+$/u.test(norm[i]!) && place.test(norm[i + 1]!) && !norm[i + 1]!.startsWith('(') ? i + 1 : place.test(norm[i]!) ? i : -1;
    if (p < 0) continue;
    // The publisher runs to its comma before the year, or in brackets to the bracket's end.
    let k = p + 1;
    while (k < norm.length && k < p + 7 && !/,$/.test(norm[k]!) && !(bracket && /\)[.,;:]?$/.test(norm[k]!))) k++;
    if (k >= norm.length) continue;
    const closed = bracket && /\)[.,;:]?$/.test(norm[k]!);
    if (!closed && (!/,$/.test(norm[k]!) || !(bracket ? yearClosing : year).test(norm[k + 1] ?? ''))) continue;
    const publisher = norm.slice(p + 1, k + 1).map((w) => w.replace(/\)[.,;:]?$/, ''));
    if (!publisher.every((w) => (/^[\p{Lu}&]/u.test(w) || /^(of|and|de|the|für|und)$/.test(w)) && (!/[.:]$/.test(w) || /^\p{Lu}\p{Ll}{0,3}\.,?$/u.test(w)))) continue;
    for (let j = i; j <= p; j++) out[j] = 'location';
    for (let j = p + 1; j <= k; j++) out[j] = 'publisher';
  }
  return out;
}

/**
 * Whether the reference ends in a bare range of numbers after a word: the pages ("… International Computer Music
 * Conference 187-94.", "… Psychother. 8 (1988) 155-163" ends in a number too, left to the model), 133 of 133 in
 * anystyle's labels. A range after a month is a date ("Paris, July 7-10.") and so is one of years ("Leipzig, 1889-96.").
 */
function closingPages(norm: readonly string[]): boolean[] {
  const out = norm.map(() => false);
  const last = norm.length - 1;
  if (last < 2 || !/^\d+[a-z]?-{1,2}\d+[a-z]?\.?$/.test(norm[last]!) || /^(1[5-9]|20)\d\d-/.test(norm[last]!)) return out;
  const before = norm[last - 1]!;
  out[last] = !/\d/.test(before) && !months.has(bareWord(before));
  return out;
}

/**
 * Which tokens name the journal in Vancouver's "Title. Journal. 2012;40(2):497-500." (also "2012 Jun; 24(2)", "2010
 * Dec; 24 Suppl 1:"): the unit just before a year whose date ends with a semicolon within three words, 39 of 39 such
 * units in anystyle's labels. Not the first unit (a title written without its stop runs into the journal there).
 */
function journalBeforeVancouverDate(norm: readonly string[], bare: readonly string[]): boolean[] {
  const out = norm.map(() => false);
  for (let i = 2; i < norm.length; i++) {
    if (!/^(1[5-9]|20)\d\d/.test(norm[i]!) || !/\.$/.test(norm[i - 1]!)) continue;
    if (!norm.slice(i, i + 4).some((t) => /;$/.test(t))) continue;
    let start = i - 1;
    while (start > 0 && !endsUnit(norm[start - 1]!, bare[start - 1]!)) start--;
    if (start === 0 || i - start > 12) continue;
    for (let k = start; k < i; k++) out[k] = true;
  }
  return out;
}

/** Which tokens write a full date, month, day and year ("Jul. 5, 2001.", "March 1, 2024."). */
function fullDates(norm: readonly string[], bare: readonly string[]): boolean[] {
  const out = norm.map(() => false);
  for (let i = 0; i + 2 < norm.length; i++) {
    if (!months.has(bare[i]!) || !/^\d{1,2},$/.test(norm[i + 1]!) || !/^(1[5-9]|20)\d\d[.,;:)]?$/.test(norm[i + 2]!)) continue;
    out[i] = out[i + 1] = out[i + 2] = true;
  }
  return out;
}

/** Square brackets a token opens, less those it closes. */
const squareDepth = (t: string) => (t.match(/\[/g) ?? []).length - (t.match(/\]/g) ?? []).length;

const arxivId = /^[[(]?arxiv:|^[[(]?[a-z-]+(\.[a-z]{2})?\/\d{7}(v\d+)?[\])]*[.,;]?$/i;

/**
 * Which tokens cite a preprint on arXiv, a note in anystyle's labels (13 of 14): "arXiv:1402.4587 [cond-mat,
 * physics:quant-ph]", "[arXiv:0905.2970 [hep-th]].", "[hep-th/9711200].", "arXiv preprint arXiv:1504.07295,",
 * "Preprint, arXiv:1212.5141,". A bare "arXiv." naming where a work appeared is left alone.
 */
function arxivNote(norm: readonly string[]): boolean[] {
  const out = norm.map(() => false);
  for (let i = 0; i < norm.length; i++) {
    const id = arxivId.test(norm[i]!) && !norm[i]!.includes('://');
    const bareLead = /^arxiv$/i.test(norm[i]!) && (/^preprint,?$/i.test(norm[i + 1] ?? '') || /^\d{4}\.\d{4,5}/.test(norm[i + 1] ?? ''));
    if (!id && !bareLead) continue;
    let start = i;
    while (start > 0 && /^(arxiv|preprint),?$/i.test(norm[start - 1]!)) start--;
    // A bracket the identifier opens, or one straight after it, holds the subject classes.
    let end = bareLead ? i + 1 : i;
    if (squareDepth(norm[end]!) <= 0 && /^\[/.test(norm[end + 1] ?? '') && !/\]/.test(norm[end]!)) end++;
    let open = squareDepth(norm[end]!);
    while (open > 0 && end + 1 < norm.length) {
      end++;
      open += squareDepth(norm[end]!);
    }
    for (let k = start; k <= end; k++) out[k] = true;
    i = end;
  }
  return out;
}

const editionOrdinal = /^[([]?(\d{1,2}(st|nd|rd|th|e|er|ème|\.)?|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|revised|rev\.|new|enlarged|expanded|updated)$/i;
const editionWord = /^(ed|edn|edition|éd|aufl|auflage|vyd|izd|uitg|édition|edición|edizione|udg|utg)\.?[.,;:)\]]*$/i;

/** Which tokens spell an edition ("2nd ed.", "third edition,", "(4th rev. edn;", "(2. Aufl.,", "2. vyd."): nothing else. */
function editionPhrase(norm: readonly string[]): boolean[] {
  const out = norm.map(() => false);
  for (let i = 0; i + 1 < norm.length; i++) {
    if (!editionOrdinal.test(norm[i]!)) continue;
    const j = /^rev\.?$/i.test(norm[i + 1]!) && i + 2 < norm.length ? i + 2 : i + 1;
    if (!editionWord.test(norm[j]!)) continue;
    for (let k = i; k <= j; k++) out[k] = true;
  }
  return out;
}

/**
 * Which tokens name an edition by a word for it, as German and Latin write them: "Kritische Studienausgabe.",
 * "Jubiläumsausgabe 21.", "Editio quarta ab Auctore emendata & aucta." (11 of 11 tokens in anystyle's labels). The
 * sentence the word opens or closes, after the first unit (the names) and no longer than eight words.
 */
function editionByName(norm: readonly string[], { unitOf, starts }: Units): boolean[] {
  const out = norm.map(() => false);
  for (let i = 0; i < norm.length; i++) {
    if (!/^([\p{L}-]*(ausgabe|auflage)|editio)[.,;:]?$/iu.test(norm[i]!) || unitOf[i]! < 1) continue;
    const unit = unitOf[i]!;
    // A unit may hold several sentences when an abbreviation ends one ("Vol. 5. Kritische Studienausgabe.").
    let start = starts[unit]!;
    for (let k = i - 1; k >= start; k--) {
      if (/\.$/.test(norm[k]!)) {
        start = k + 1;
        break;
      }
    }
    const end = starts[unit + 1] ?? norm.length;
    // The word opens the sentence or closes it, bar a number: a title speaks of an edition ("Die Ausgabe der Werke.").
    const placed = i === start || i === end - 1 || (i === end - 2 && /^\d+[.,]?$/.test(norm[end - 1]!));
    if (!placed || end - start > 8) continue;
    for (let k = start; k < end; k++) out[k] = true;
  }
  return out;
}

/**
 * Phrases that open a field of their own, as anystyle's labels read every one of them: a remark about the work (a
 * note: "To appear in …", "Special Issue on …", "Submitted,", "Unpublished lecture notes", "Reprinted in …", MLA's
 * "Perf. …") or the kind of work (a genre: "Technical Report 92-43,", "Ph.D. Thesis", "Personal communication").
 * The phrase takes the label; the rest of its stretch keeps it too, bar what `rest` allows.
 */
interface FieldPhrase {
  words: string[];
  label: string;
  rest: string[];
  /** Where the stretch ends besides the end of a unit: at a comma, or before an opening bracket. */
  stopAtComma: boolean;
  /** The phrase counts only as a whole unit or comma-delimited stretch ("Print." but not "Print and Power"). */
  alone?: boolean;
  /** The stretch runs to the end of the reference (APA's "Dissertation Abstracts International: …, 61(4-B), 2193."). */
  toEnd?: boolean;
  /**
   * The phrase counts only after the work's own year, and then runs to the end: a second place the work appeared
   * ("1987. Reprinted in Readings in Planning, J. Allen (eds.), Morgan-Kaufmann, 1990, 523-530."), all of it the note.
   * Without a year before, the reprint is the work itself ("On Problem Solving. Reprinted in Psychological Monographs").
   */
  afterYear?: boolean;
  /** Alone means a unit of its own, closed by a stop: "Web." */
  stop?: boolean;
  /** The stretch ends before a token like this (a volume after "Special Issue on …,"). */
  stopBefore?: RegExp;
}
const noteRest = ['note', 'date', 'url', 'doi'];
const fieldPhrases: FieldPhrase[] = [
  ...['to appear', 'to be presented', 'submitted', 'unpublished', 'available at', 'available from', 'last modified', 'working draft', 'reprinted from', 'published as'].map((p) => ({ words: p.split(' '), label: 'note', rest: noteRest, stopAtComma: false })),
  ...['quoted in', 'also in', 'reprinted in', 'as reprinted in'].map((p) => ({ words: p.split(' '), label: 'note', rest: ['note', 'url', 'doi'], stopAtComma: false, afterYear: true })),
  // When a page was read is the note's own date ("accessed 19 February, 2017.", "Retrieved October 20, 2008, from
  // Factiva."); an address after it is the URL.
  ...['retrieved from', 'retrieved', 'accessed', 'abgerufen', 'abruf am', 'consulté'].map((p) => ({ words: p.split(' '), label: 'note', rest: ['note', 'url'], stopAtComma: false })),
  // "Special Issue, Culture Theory and Critique" names the journal after the comma; "Special Issue on Scheduling,
  // Planning, and Control, 23(6)" runs over its commas to the volume.
  { words: ['special', 'issue'], label: 'note', rest: noteRest, stopAtComma: true },
  ...['special issue on', 'special issue of'].map((p) => ({ words: p.split(' '), label: 'note', rest: noteRest, stopAtComma: false, stopBefore: /^\(?(\d|vol\.?,?$|volume|no\.?$|nr\.?$|pp?\.$)/i })),
  // The kind of work or a remark standing alone: "[Online].", MLA's "Diss.", APA's "(Report).", "(mimeograph)."
  ...['online', 'diss', 'report', 'manuscript'].map((p) => ({ words: [p], label: 'genre', rest: [], stopAtComma: true, alone: true })),
  // MLA's medium of a web page, "Web." standing alone (5 of 5); "World Wide Web," is a name.
  { words: ['web'], label: 'genre', rest: [], stopAtComma: true, alone: true, stop: true },
  // A preprint standing alone is the edition (3 of 3); "Preprint, arXiv:…" is the arXiv note.
  { words: ['preprint'], label: 'edition', rest: [], stopAtComma: true, alone: true },
  ...['mimeograph', 'mimeo'].map((p) => ({ words: [p], label: 'note', rest: [], stopAtComma: true, alone: true })),
  // Where a talk was given names the meeting, as a book: "Paper presented at the meeting of the American Educational
  // Research Association, Chicago, IL." (6 of 6 in anystyle's labels), its place after the comma.
  ...['paper presented at', 'poster presented at'].map((p) => ({ words: p.split(' '), label: 'container-title', rest: ['container-title'], stopAtComma: true })),
  { words: ['dissertation', 'abstracts', 'international'], label: 'source', rest: ['source'], stopAtComma: false, toEnd: true },
  // The medium standing alone: MLA's "Print.", "[DVD].", "PDF".
  ...['print', 'dvd', 'pdf', 'cd-rom', 'blu-ray', 'vhs'].map((p) => ({ words: [p], label: 'medium', rest: [], stopAtComma: true, alone: true })),
  ...['technical report', 'tech. report', 'tech report', 'tech. rep.', 'tech rep', 'report no.', 'ph.d. thesis', 'phd thesis', 'ph.d. dissertation', 'phd dissertation', "master's thesis", 'masters thesis', 'personal communication', 'press release', 'policy brief', 'working paper', 'internet-draft', 'exhibition catalogue', 'motion picture', 'television program'].map((p) => ({ words: p.split(' '), label: 'genre', rest: ['genre'], stopAtComma: true })),
];

const issuingBody = /^(University|Univ\.|Universit|Department|Dept\.?|Institute|School|Laboratory|Lab\.|College|Center|Centre)/;

/** The longest phrase first: "Report No. 12," is a genre where "Report." alone would not be. */
const phrasesLongestFirst = [...fieldPhrases].sort((a, b) => b.words.length - a.words.length);

/** Which tokens a field phrase opens ("lead") or carries on ("rest"): at the start of a unit, after a comma or a bracket. */
function phraseFields(norm: readonly string[], bare: readonly string[]): ({ phrase: FieldPhrase; part: 'lead' | 'rest' } | null)[] {
  const words = norm.map((t) => t.toLowerCase().replace(/^[([]/, '').replace(/[.,;:)\]]+$/, ''));
  const out: ({ phrase: FieldPhrase; part: 'lead' | 'rest' } | null)[] = norm.map(() => null);
  for (let i = 1; i < norm.length; i++) {
    const p = norm[i - 1]!;
    if (out[i]) continue;
    const opens = /[.,;](["'”’]|'')?$/.test(p) || endsUnit(p, bare[i - 1]!) || /^[([]/.test(norm[i]!);
    if (!opens && !/^Tech/.test(norm[i]!)) continue;
    const phrase = phrasesLongestFirst.find((ph) => ph.words.every((w, k) => words[i + k] === w.replace(/\.$/, '')));
    if (!phrase) continue;
    // "… for Industrial Productivity Technical Report CAIP-TR-125,": a report with its number opens mid-stretch too.
    if (!opens && !(phrase.label === 'genre' && /\d/.test(norm[i + phrase.words.length] ?? ''))) continue;
    // A stand-alone word counts after a unit's end or a comma, not after an abbreviation ("Ed. Print and Power").
    if (phrase.alone && /\.["'”’]?$/.test(p) && !endsUnit(p, bare[i - 1]!)) continue;
    if (phrase.stop && (!endsUnit(p, bare[i - 1]!) || !/\.$/.test(norm[i + phrase.words.length - 1]!))) continue;
    if (phrase.afterYear && !norm.slice(0, i).some((t) => yearInside.test(t))) continue;
    const end = i + phrase.words.length;
    // A year in brackets may follow: "preprint (1987)."
    // A stop phrase ends with its stop (checked above), which `endsUnit` may take for an abbreviation's ("Web.").
    const closedAlone = endsUnit(norm[end - 1]!, bare[end - 1]!) || /[,;\]]$/.test(norm[end - 1]!) || phrase.stop === true;
    if (phrase.alone && end < norm.length && !closedAlone && !/^\((1[5-9]|20)\d\d[a-z]?\)[.,;]?$/.test(norm[end]!)) continue;
    for (let k = i; k < end; k++) out[k] = { phrase, part: 'lead' };
    // "(Submitted for publication)," ends with its bracket.
    const bracketed = /^[([]/.test(norm[i]!);
    const closes = (k: number) => (phrase.toEnd || phrase.afterYear ? k === norm.length - 1 : endsUnit(norm[k]!, bare[k]!)) || (bracketed && /[)\]][.,;:]*$/.test(norm[k]!)) || (phrase.stopAtComma && /[,;]$/.test(norm[k]!));
    // A colon after the phrase ("Accessed: Jan. 15, 2024.", "Available from: http…") leads into its rest.
    if ((closes(end - 1) && (!/:$/.test(norm[end - 1]!) || phrase.alone || phrase.rest.length === 0)) || phrase.stop) continue;
    for (let k = end; k < norm.length; k++) {
      if (phrase.stopAtComma && !bracketed && /^[([]/.test(norm[k]!)) break;
      // The kind of work ends where the body that issued it begins ("Technical report University of Notre Dame").
      if (phrase.label === 'genre' && k === end && issuingBody.test(norm[k]!)) break;
      if (phrase.stopBefore?.test(norm[k]!)) break;
      out[k] = { phrase, part: 'rest' };
      if (closes(k)) break;
    }
  }
  return out;
}

/** Token and boundary features of a reference: all the parser sees. */
export function sequenceFeatures(tokens: readonly Token[]): { nodes: string[][]; edges: string[][]; constraints: (TokenConstraint | null)[] } {
  return { nodes: tokenFeatures(tokens), edges: edgeFeatures(tokens), constraints: tokenConstraints(tokens) };
}

import { normalizeTypography } from './tokens.ts';

/** A person's name as parsed from a reference. */
export interface PersonName {
  family: string;
  given: string;
  /** A group author ("World Health Organization"): the whole name is in `family`. */
  organization?: boolean;
}

/** The fields of one reference, normalised (what checks and lookups use). */
export interface ReferenceFields {
  authors: PersonName[];
  /** True when the list ends in "et al." (more authors than listed). */
  etAl: boolean;
  year: number | null;
  /** The date as written ("(2020, March 3).", "n.d."). */
  date: string | null;
  title: string | null;
  /** Journal, book, proceedings or site the work appeared in. */
  container: string | null;
  volume: string | null;
  issue: string | null;
  pages: string | null;
  doi: string | null;
  url: string | null;
  isbn: string | null;
  publisher: string | null;
  location: string | null;
  editors: PersonName[];
  edition: string | null;
  /** The number of a numbered list ("[3]", "3."). */
  number: number | null;
  /** What kind of work it looks like, from its fields. */
  kind: 'article' | 'book' | 'chapter' | 'conference' | 'thesis' | 'report' | 'web' | 'other';
}

/** Labelled spans as the parser found them: label → texts in order. */
export type Spans = Map<string, string[]>;

const trimPunct = (s: string) =>
  s
    .replace(/^[\s,.;:([{"'“‘]+/, '')
    .replace(/[\s,.;:)\]}"'”’]+$/, '')
    .trim();
/** Removes the punctuation a style puts around a field, keeping inner punctuation and a final "?" or "!". */
export function cleanField(s: string | undefined, options: { container?: boolean } = {}): string | null {
  if (!s) return null;
  let t = normalizeTypography(s).trim();
  // "In: Proceedings of …" — the "In" belongs to the style, not to the container's name (a title may start with "In").
  if (options.container) t = t.replace(/^in:?\s+/i, '');
  // Vancouver's medium mark is not part of the title: "Obesity and overweight [Internet]."
  // So is APA's bracketed description or translation after a title ("[Doctoral dissertation, Princeton University]",
  // "Die Traumdeutung [The interpretation of dreams]") and Vancouver's "[dissertation]".
  t = t.replace(/(\S)\s*\[[^\][]+\][.,;:]*$/, '$1');
  const keepEnd = /[?!]["']?[.,]?$/.test(t);
  const core = trimPunct(t);
  // A closing bracket that balances one inside the field is part of it: "… students (abstract)." keeps its ")".
  const tail = t.slice(t.lastIndexOf(core) + core.length);
  const count = (x: string, c: string) => x.split(c).length - 1;
  const balance = Math.min(Math.max(0, count(core, '(') - count(core, ')')), count(tail, ')'));
  t = core + ')'.repeat(balance);
  if (keepEnd && !/[?!]$/.test(t)) t += '?';
  return t || null;
}

/** The first plausible year (1500–2099) in a text. */
export function yearIn(text: string | null | undefined): number | null {
  const m = text?.match(/(?:^|[^\d])(1[5-9]\d\d|20\d\d)(?:[a-z]?)(?!\d)/);
  return m ? Number(m[1]) : null;
}

const doiRe = /\b(10\.\d{4,9}\/[^\s"<>]+)/i;
/** A DOI found anywhere in the text, without a trailing full stop or bracket. */
export function doiIn(text: string): string | null {
  const m = text.match(doiRe);
  if (!m) return null;
  let doi = m[1]!.replace(/[.,;:]+$/, '');
  // A closing bracket belongs to the DOI only when it opened one inside it.
  while (/[)\]]$/.test(doi) && (doi.match(/[([]/g)?.length ?? 0) < (doi.match(/[)\]]/g)?.length ?? 0)) doi = doi.slice(0, -1).replace(/[.,;:]+$/, '');
  return doi;
}

/** A URL found in the text (not a doi.org link, which is the DOI); MLA 9 writes them without "https://" ("paulgraham.com/start.html"). */
export function urlIn(text: string): string | null {
  for (const m of text.matchAll(/(?:https?:\/\/|www\.|(?<![@\w.\/-])[a-z\d-]+(?:\.[a-z\d-]+)*\.(?:com|org|net|edu|gov|int|info|io|co|uk|de|fr|es|it|nl|ca|au|jp|ch|se|eu|us)\/)[^\s<>"]*/gi)) {
    const url = m[0].replace(/[.,;:)\]]+$/, '');
    if (!/doi\.org\//i.test(url)) return url;
  }
  return null;
}

/** An ISBN written in the text (with or without the "ISBN" label). */
export function isbnIn(text: string): string | null {
  const m = text.match(/ISBN(?:-1[03])?:?\s*((?:97[89][-\s]?)?\d[\d\s-]{7,15}[\dXx])\b/i);
  return m ? m[1]!.replace(/\s+/g, '-') : null;
}

const initialsRe = /^(?:\p{Lu}[\p{Ll}]?\.?[-\s]?){1,4}$/u;
const isInitials = (s: string) => initialsRe.test(s.trim()) && !/^\p{Lu}\p{Ll}{2,}$/u.test(s.trim());
/** "JK", "J.K.", "J. K." — given-name initials written after the family name (Vancouver, APA). */
const isTrailingInitials = (s: string) => /^(\p{Lu}\.?\s?-?){1,4}$/u.test(s.trim());

function nameFromPart(part: string): PersonName {
  const words = part.trim().split(/\s+/);
  if (words.length === 1) return { family: words[0]!, given: '' };
  const last = words[words.length - 1]!;
  // Vancouver "Smith JK" / "van der Berg A"
  if (isTrailingInitials(last) && !isTrailingInitials(words[0]!)) return { family: words.slice(0, -1).join(' '), given: last };
  // Given first: "J. K. Smith", "John Smith", "John van der Berg"
  let i = words.length - 1;
  while (i > 0 && /^(van|von|de|der|den|del|della|di|da|du|le|la|dos|das|ten|ter|bin|ibn)$/i.test(words[i - 1]!)) i--;
  return { family: words.slice(i).join(' '), given: words.slice(0, i).join(' ') };
}

/** Words that name a body, not a person, in the languages the product serves most. */
const organizationWord =
  /(?:^|[\s(])(?:organi[sz]ations?|organi[sz]ación|association|associação|asociación|institutes?|institut|instituto|istituto|society|société|sociedad|gesellschaft|council|department|departamento|ministry|ministère|ministerio|ministerium|agency|agence|agencia|committee|comité|commission|kommission|bureau|foundation|fondation|fundación|stiftung|university|université|universidad|universität|office|cent(?:er|re)s?|centro|zentrum|board|group|union|federation|fédération|programme|program|corporation|company|inc|ltd|llc|gmbh|services|administration|authority|network|consortium|collaboration|collaborative|nations|bank|fund|academy|academies|trust|panel|forum|alliance|government|parliament|court|library|museum|hospital|college|initiative|project|task force|secretariat|bundesamt|statistics|statistik|registry|institution|working group|team|partnership|coalition|commonwealth|press|publishing)(?=$|[\s,.;:)])/iu;
/** Function words that join the words of a body's name ("Centers for Disease Control", "Ministry of Health"). */
const organizationJoiner = /\s(?:of|for|on|the|für|pour|para)\s+\p{Lu}/u;
/** "Smith, J.", "J. Smith", "Smith JK": a person in the list. */
const personPattern =
  /(?:^|[,;&]\s*)(?:\p{Ll}+\s)*\p{Lu}[\p{L}'’-]+,\s*\p{Lu}(?:\.|\s|,|$)|(?:^|[,;&]\s*)\p{Lu}\.\s*(?:\p{Lu}\.\s*)*\p{Lu}\p{Ll}+(?:,|\s+(?:and|&)\s|$)|^\p{Lu}[\p{L}'’-]+\s\p{Lu}{1,3}(?:,|$)|^\p{Lu}[\p{L}'’-]+,\s*\p{Lu}\p{Ll}+(?:\s\p{Lu}\.?)*$/u;

/** Whether a name is a group's (an organisation, agency, committee, a body's acronym) rather than a person's. */
export function isOrganizationName(raw: string): boolean {
  const text = normalizeTypography(raw).replace(/[.,;:\s]+$/, '').trim();
  if (!text) return false;
  // "WHO", "OECD", "UNESCO": an acronym alone (initials are at most three letters and never stand alone).
  if (/^\p{Lu}{4,10}$/u.test(text) || /^(?:WHO|NIH|CDC|FDA|EPA|IMF|NHS|NSF|APA|MLA|BBC|ILO|FAO|UN|EU|OECD)$/u.test(text)) return true;
  const words = text.split(/\s+/);
  if (words.length < 2) return false;
  // A name that opens with an acronym ("BBC News", "NASA Earth Observatory"): a person's initials come after the
  // family name (Vancouver "Ubel PA") or carry full stops ("K. He").
  if (/^\p{Lu}{2,6}$/u.test(words[0]!) && words.slice(1).every((w) => /^\p{Lu}\p{Ll}/u.test(w))) return true;
  return organizationWord.test(text) || organizationJoiner.test(text);
}

/** The acronym of a group's name ("World Health Organization" → "WHO"), its capitalised words' initials. */
export function acronymOf(name: string): string {
  return name
    .split(/[\s-]+/)
    .filter((w) => /^\p{Lu}/u.test(w))
    .map((w) => w[0])
    .join('');
}

/** Splits an author (or editor) field into names; handles "Family, G.", "Family G", "G. Family" and mixed MLA lists. */
export function parseNames(raw: string | null): { names: PersonName[]; etAl: boolean } {
  if (!raw) return { names: [], etAl: false };
  let text = normalizeTypography(raw)
    .replace(/\((?:eds?|hrsg|dir|coord|comp)\.?\)/gi, '')
    // A date that stands in the author span ("NHS (no date)", "(n.d.)") is not a name.
    .replace(/\((?:n\.\s?d\.?|no date|s\.\s?f\.|o\.\s?J\.)\)/gi, '')
    // "Jr." and "Sr." belong to the name before them, not to a name of their own.
    .replace(/(?:,\s*|\s+)(?:Jr|Sr|Jnr|Snr)\.?(?=$|[\s,;.&])/g, '')
    // A Spanish double family name joined by "y" ("Ortega y Gasset, José") is one name, not two people.
    .replace(/^(\p{Lu}[\p{L}'’-]+) y (\p{Lu}[\p{L}'’-]+)(?=,)/u, '$1\u2060y\u2060$2')
    .replace(/\b(?:eds?|editors?|edited by|hrsg|trans(?:lated by)?)\b\.?/gi, '')
    .replace(/^in:?\s+/i, '')
    .trim();
  const etAl = /\bet\.?\s*al\b\.?|\band others\b|…|\.\.\./i.test(text);
  // A group author is one name, "and"s and commas included ("U.S. Department of Health and Human Services").
  const whole = text.replace(/,?\s*(?:et\.?\s*al\b\.?|and others|…|\.\.\.)/gi, '').replace(/[,;:\s]+$/, '').replace(/\.$/, '').trim();
  if (!personPattern.test(whole) && isOrganizationName(whole)) return { names: [{ family: whole, given: '', organization: true }], etAl };
  text = text.replace(/,?\s*(?:et\.?\s*al\b\.?|and others|…|\.\.\.)/gi, '');
  // In a list separated by semicolons the last name may follow "; &" or "; and": it is one more name of the list.
  text = text.replace(/;\s*(?:&|and|und|et|y)\s+/gi, '; ');
  text = text.replace(/\s*(?:,?\s*&|,?\s+and\s+|,?\s+und\s+|,?\s+et\s+|,?\s+y\s+)\s*/gi, ', ').replace(/[,;:\s]+$/, '');
  if (!/(?:^|[\s.-])\p{Lu}\.$/u.test(text)) text = text.replace(/[.\s]+$/, '');
  const semi = text.includes(';');
  const parts = (semi ? text.split(/\s*;\s*/) : text.split(/\s*,\s*/)).map((p) => p.trim()).filter(Boolean);
  const names: PersonName[] = [];
  if (semi) {
    for (const p of parts) {
      const [family, given] = p.split(/\s*,\s*/);
      names.push(given !== undefined ? { family: family!, given } : nameFromPart(p));
    }
    return { names, etAl };
  }
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    const next = parts[i + 1];
    if (isOrganizationName(part)) {
      names.push({ family: part.replace(/\.$/, ''), given: '', organization: true });
      continue;
    }
    const single = !/\s/.test(part) || /^(van|von|de|del|der|di|da|le|la)\s/i.test(part);
    // A family name of two or three capitalised words before initials: "García Márquez, G.", "Lloyd Webber, A.".
    const compoundFamily = !single && next !== undefined && isInitials(next) && /^\p{Lu}[\p{Ll}'’-]+(?:\s+\p{Lu}[\p{Ll}'’-]+){1,2}$/u.test(part);
    // "Family, Given" pair: a single family word followed by initials or given names that are not themselves a full name.
    // The first name of an MLA or Chicago list is "Family, Given [Middle]" ("Hochschild, Arlie Russell, and Anne
    // Machung"), so the part after it is its given names, unless that part is itself a Vancouver name ("Ubel PA").
    const firstPair = names.length === 0 && /^\p{Lu}/u.test(next ?? '') && !/\s\p{Lu}{1,3}$/u.test(next!);
    if (compoundFamily || (single && next !== undefined && !isInitials(part) && (isInitials(next) || firstPair))) {
      names.push({ family: part, given: next });
      i++;
      continue;
    }
    if (isInitials(part) && names.length > 0 && !names[names.length - 1]!.given) {
      names[names.length - 1]!.given = part;
      continue;
    }
    names.push(nameFromPart(part));
  }
  return { names: names.filter((n) => /\p{L}/u.test(n.family)).map((n) => ({ ...n, family: n.family.replace(/\u2060/g, ' ') })), etAl };
}

/** Splits "12(3)", "Vol. 12, No. 3", "vol. 12, no. 3", "12 (3)" into volume and issue. */
export function volumeAndIssue(raw: string | null, whole: string): { volume: string | null; issue: string | null } {
  const text = normalizeTypography(raw ?? '');
  // A roman numeral is a word of its own: the "l" of "Suppl" or "Jul." is none.
  let m = text.match(/(?:vol(?:ume)?\.?|bd\.?|band|t\.|tome)?\s*\b([\dIVXLC]+[a-z]?(?:-\d+)?)\s*[,.]?\s*(?:\(\s*([^)]+?)\s*\)|(?:no|nr|num|n°|issue|iss|heft|h)\.?\s*([\w-]+))/i);
  if (m) return { volume: m[1]!, issue: (m[2] ?? m[3] ?? null)?.replace(/[.,]$/, '') ?? null };
  m = text.match(/(?:vol(?:ume)?\.?|bd\.?|band|jg\.?)?\s*\b(\d+[a-z]?|[IVXLC]+)\b/i);
  if (m) return { volume: m[1]!, issue: null };
  // Vancouver "2019;12(3):45-67" often lands in the date or pages span.
  const v = normalizeTypography(whole).match(/;\s*(\d+)\s*(?:\(([^)]+)\))?\s*:\s*[\dA-Za-z]+/);
  if (v) return { volume: v[1]!, issue: v[2] ?? null };
  return { volume: null, issue: null };
}

/** "pp. 45–67." → "45-67"; "p. 12" → "12"; article numbers ("e0123", "Article aac4716", "Art. no. e124") stay whole. */
export function cleanPages(raw: string | null, whole: string): string | null {
  // Vancouver's "372:n71" or "44(1):121-33" read as pages: the pages are after the colon.
  const text = normalizeTypography(raw ?? '').replace(/^\s*\d+[a-z]?\s*(?:\([^)]*\))?\s*:\s*(?=\S)/i, '');
  // An article number keeps its letters ("Article aac4716", "e0123456", "n71"); a page may carry one ("S12", "12a").
  const m = text.match(/(?<![\p{L}\d])([A-Za-z]{0,4}\d+[A-Za-z]?)(?:\s*-{1,2}\s*([A-Za-z]?\d+[A-Za-z]?))?/u);
  if (m) return m[2] ? `${m[1]}-${m[2]}` : m[1]!;
  const w = normalizeTypography(whole);
  const v = w.match(/\)\s*:\s*([A-Za-z]?\d+)(?:\s*-\s*(\d+))?/);
  if (v) return v[2] ? `${v[1]}-${v[2]}` : v[1]!;
  // IEEE's "Art. no. e124", APA's "Article e124".
  const art = w.match(/\bArt(?:icle|\.)\s*(?:no\.|number)?\s*([A-Za-z]{0,4}\d+)\b/);
  return art ? art[1]! : null;
}

function kindOf(spans: Spans, whole: string, fields: Omit<ReferenceFields, 'kind'>): ReferenceFields['kind'] {
  const genre = (spans.get('genre') ?? []).join(' ') + ' ' + whole;
  if (/\b(thesis|dissertation|ph\.?\s?d)\b/i.test(genre)) return 'thesis';
  if (/\b(technical report|tech\.? rep|working paper|report no)\b/i.test(genre)) return 'report';
  if (spans.has('journal')) return 'article';
  if (/\b(proceedings|proc\.|conference|symposium|workshop)\b/i.test(fields.container ?? '')) return 'conference';
  if (fields.container && (fields.editors.length > 0 || /(^|\s)in:?\s/i.test(whole))) return 'chapter';
  if (fields.container && (fields.volume || fields.pages)) return 'article';
  if (fields.publisher || fields.isbn) return 'book';
  if (fields.url) return 'web';
  return 'other';
}

/** The normalised fields of a reference from its labelled spans and its whole text. */
export function fieldsFromSpans(spans: Spans, whole: string): ReferenceFields {
  const first = (label: string) => spans.get(label)?.[0];
  const joined = (label: string) => (spans.has(label) ? spans.get(label)!.join(' ') : undefined);
  const authors = parseNames(joined('author') ?? null);
  const editors = parseNames(joined('editor') ?? null);
  const date = cleanField(first('date'));
  const vi = volumeAndIssue(joined('volume') ?? null, whole);
  let container = cleanField(first('journal') ?? first('container-title') ?? first('collection-title'), { container: true });
  // Vancouver "Lancet. 2012 Dec 15;380(9859):2095-128." — the date often lands in the journal's span: it is the date.
  let dateInContainer: number | null = null;
  const dated = spans.has('journal') && container?.match(/^(.*?\S)[.,]?\s+((?:1[6-9]|20)\d\d)(?:\s+\p{Lu}\p{Ll}{2,8}\.?(?:\s+\d{1,2})?)?$/u);
  if (dated) {
    container = dated[1]!;
    dateInContainer = Number(dated[2]);
  }
  const number = first('citation-number')?.match(/\d+/)?.[0];
  const base = {
    authors: authors.names,
    etAl: authors.etAl,
    year: yearIn(joined('date')) ?? dateInContainer ?? yearIn(joined('volume')?.match(/^\s*(?:1[6-9]|20)\d\d(?=\s*[;:])/)?.[0]) ?? null,
    date,
    title: cleanField(first('title')),
    container,
    volume: vi.volume,
    issue: vi.issue,
    pages: cleanPages(joined('pages') ?? null, whole),
    doi: doiIn(whole),
    url: urlIn(whole),
    isbn: isbnIn(whole),
    publisher: cleanField(first('publisher')),
    location: cleanField(first('location')),
    editors: editors.names,
    edition: cleanField(first('edition')),
    number: number ? Number(number) : null,
  };
  return { ...base, kind: kindOf(spans, whole, base) };
}

/**
 * Training augmentation: the training split's own gold fields rendered again in the six styles the product names
 * (APA 7, MLA 9, Chicago, Harvard, IEEE, Vancouver), labelled by construction. The data set mixes hundreds of
 * styles with few clean examples of each; this teaches the parser the common ones without tuning to the file.
 * Only `train` references are rendered, so the held-out split stays unseen.
 */
import { cleanField, cleanPages, parseNames, volumeAndIssue, yearIn, type PersonName } from '../fields.ts';
import { prng } from '../sequence.ts';
import { tokenize } from '../tokens.ts';
import { fnv1a, type LabelledReference } from './dataset.ts';

export const synthStyles = ['apa', 'mla', 'chicago', 'harvard', 'ieee', 'vancouver'] as const;
export type SynthStyle = (typeof synthStyles)[number];

type Piece = [label: string, text: string];

interface Meta {
  authors: PersonName[];
  year: number;
  title: string;
  container: string | null;
  isJournal: boolean;
  volume: string | null;
  issue: string | null;
  pages: string | null;
  publisher: string | null;
  location: string | null;
  doi: string | null;
}

function metaOf(ref: LabelledReference): Meta | undefined {
  const get = (l: string) => ref.fields.find((f) => f.label === l)?.text;
  const authors = parseNames(get('author') ?? null).names.filter((n) => n.family.length > 1 && !/\d/.test(n.family));
  const year = yearIn(get('date'));
  const title = cleanField(get('title'));
  if (authors.length === 0 || !year || !title || title.length < 8) return undefined;
  const journal = get('journal');
  const container = cleanField(journal ?? get('container-title'));
  const vi = volumeAndIssue(get('volume') ?? null, '');
  const pages = get('pages') ? cleanPages(get('pages')!, '') : null;
  return {
    authors: authors.slice(0, 8),
    year,
    title: title.replace(/[.]$/, ''),
    container: container?.replace(/^in:?\s+/i, '') ?? null,
    isJournal: Boolean(journal),
    volume: vi.volume && /^\d+$/.test(vi.volume) ? vi.volume : null,
    issue: vi.issue && /^[\d-]+$/.test(vi.issue) ? vi.issue : null,
    pages: pages && /^\d+(-\d+)?$/.test(pages) ? pages : null,
    publisher: cleanField(get('publisher')),
    location: cleanField(get('location')),
    doi: get('doi')?.match(/10\.\d{4,9}\/\S+/)?.[0].replace(/[.)]+$/, '') ?? null,
  };
}

const initialsOf = (given: string, dots: boolean, spaced: boolean) => {
  const parts = given.split(/[\s.]+/).filter(Boolean).flatMap((p) => (/^\p{Lu}+$/u.test(p) && p.length <= 3 ? [...p] : [p]));
  const letters = parts.map((p) => p[0]!.toUpperCase());
  return dots ? letters.map((l) => `${l}.`).join(spaced ? ' ' : '') : letters.join('');
};

function joinNames(names: string[], and: string, serialComma: boolean): string {
  if (names.length === 1) return names[0]!;
  if (names.length === 2) return `${names[0]}${serialComma && and === '&' ? ',' : ''} ${and} ${names[1]}`;
  return `${names.slice(0, -1).join(', ')}${serialComma ? ',' : ''} ${and} ${names[names.length - 1]}`;
}

const dash = (pages: string, random: () => number) => (random() < 0.5 ? pages.replace('-', '–') : pages);

/**
 * Group authors ("World Health Organization", "Ministry of Education"), built from parts so that no list of real
 * bodies is learnt by heart: the data set has almost none, and students cite agencies often.
 */
const orgParts = {
  scope: ['National', 'International', 'World', 'American', 'European', 'British', 'Canadian', 'Australian', 'Federal', 'Royal', 'U.S.', 'Scottish', 'Global', 'Regional', 'State'],
  field: ['Health', 'Education', 'Mental Health', 'Statistics', 'Environmental Protection', 'Science', 'Medicine', 'Economic Research', 'Labour', 'Food Safety', 'Public Health', 'Transport', 'Energy', 'Nursing', 'Psychological', 'Medical', 'Library', 'Wildlife', 'Housing', 'Justice'],
  body: ['Organization', 'Association', 'Institute', 'Agency', 'Council', 'Society', 'Office', 'Commission', 'Bureau', 'Foundation', 'Centre', 'Center', 'Board', 'Academy', 'Federation', 'Network', 'Committee'],
  lead: ['Department', 'Ministry', 'Institute', 'Office', 'Centers', 'Commission', 'Agency', 'Council', 'Academy'],
};

function organizationName(random: () => number): string {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
  const r = random();
  if (r < 0.45) return `${pick(orgParts.scope)} ${pick(orgParts.field)} ${pick(orgParts.body)}`;
  if (r < 0.8) return `${pick(orgParts.lead)} ${random() < 0.7 ? 'of' : 'for'} ${pick(orgParts.field)}${random() < 0.3 ? ` and ${pick(orgParts.field)}` : ''}`;
  if (r < 0.9) return `${pick(orgParts.field)} ${pick(orgParts.scope.slice(0, 8))}`.replace(/^(\S+) (\S+)$/, '$2 $1 Board');
  // An acronym alone: "OECD", "UNICEF".
  return Array.from({ length: 3 + Math.floor(random() * 4) }, () => String.fromCharCode(65 + Math.floor(random() * 26))).join('');
}

const vancouverMonths = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function render(style: SynthStyle, m: Meta, n: number, random: () => number): Piece[] {
  const a = m.authors;
  const given = (p: PersonName) => p.given || 'A.';
  const out: Piece[] = [];
  const org = a[0]?.organization ? a[0].family : null;
  if (org) {
    // A group author stands alone, written as it is in every style.
    const punct: Record<SynthStyle, string> = { apa: '.', mla: '.', chicago: '.', harvard: '', ieee: ',', vancouver: '.' };
    if (style === 'ieee') out.push(['citation-number', `[${n}]`]);
    if (style === 'vancouver') out.push(['citation-number', `${n}.`]);
    out.push(['author', `${org}${punct[style]}`]);
    const rest = render(style, { ...m, authors: [{ family: 'Placeholder', given: 'A.' }] }, n, random);
    const skip = rest.findIndex((p) => p[0] === 'author');
    return skip < 0 ? [] : [...out, ...rest.slice(skip + 1)];
  }
  const book = !m.container && Boolean(m.publisher);
  const title = m.title;
  switch (style) {
    case 'apa': {
      const names = a.length > 20 ? a.slice(0, 19) : a;
      out.push(['author', joinNames(names.map((p) => `${p.family}, ${initialsOf(given(p), true, true)}`), '&', true)]);
      out.push(['date', `(${m.year}).`]);
      if (book) {
        out.push(['title', `${title}.`]);
        out.push(['publisher', `${m.publisher}.`]);
      } else if (m.container) {
        out.push(['title', `${title}.`]);
        if (m.isJournal) {
          const vol = m.volume ? `${m.volume}${m.issue ? `(${m.issue})` : ''}` : '';
          out.push(['journal', `${m.container}${vol || m.pages ? ',' : '.'}`]);
          if (vol) out.push(['volume', `${vol}${m.pages ? ',' : '.'}`]);
          if (m.pages) out.push(['pages', `${dash(m.pages, random)}.`]);
        } else {
          out.push(['container-title', `In ${m.container}${m.pages ? '' : '.'}`]);
          if (m.pages) out.push(['pages', `(pp. ${dash(m.pages, random)}).`]);
          if (m.publisher) out.push(['publisher', `${m.publisher}.`]);
        }
      } else return [];
      if (m.doi) out.push(['doi', `https://doi.org/${m.doi}`]);
      return out;
    }
    case 'mla': {
      const first = a[0]!;
      const names = a.length >= 3 ? `${first.family}, ${given(first)}, et al.` : a.length === 2 ? `${first.family}, ${given(first)}, and ${given(a[1]!)} ${a[1]!.family}.` : `${first.family}, ${given(first)}.`;
      out.push(['author', names.replace(/\.\.$/, '.')]);
      if (book) {
        out.push(['title', `${title}.`]);
        out.push(['publisher', `${m.publisher},`]);
        out.push(['date', `${m.year}.`]);
      } else if (m.container) {
        out.push(['title', `"${title}."`]);
        out.push([m.isJournal ? 'journal' : 'container-title', `${m.container},`]);
        if (m.volume) out.push(['volume', `vol. ${m.volume},${m.issue ? ` no. ${m.issue},` : ''}`]);
        out.push(['date', `${m.year}${m.pages ? ',' : '.'}`]);
        if (m.pages) out.push(['pages', `pp. ${m.pages}.`]);
      } else return [];
      if (m.doi) out.push(['doi', `https://doi.org/${m.doi}.`]);
      return out;
    }
    case 'chicago': {
      const names = a.map((p, i) => (i === 0 ? `${p.family}, ${given(p)}` : `${given(p)} ${p.family}`));
      out.push(['author', `${joinNames(names, 'and', true)}.`.replace(/\.\.$/, '.')]);
      if (book) {
        out.push(['title', `${title}.`]);
        if (m.location) out.push(['location', `${m.location}:`]);
        out.push(['publisher', `${m.publisher},`]);
        out.push(['date', `${m.year}.`]);
      } else if (m.container) {
        out.push(['title', `"${title}."`]);
        if (m.isJournal) {
          out.push(['journal', m.container]);
          if (m.volume) out.push(['volume', `${m.volume}${m.issue ? `, no. ${m.issue}` : ''}`]);
          out.push(['date', `(${m.year})${m.pages ? ':' : '.'}`]);
          if (m.pages) out.push(['pages', `${dash(m.pages, random)}.`]);
        } else {
          out.push(['container-title', `In ${m.container},`]);
          if (m.pages) out.push(['pages', `${dash(m.pages, random)}.`]);
          if (m.publisher) out.push(['publisher', `${m.publisher},`]);
          out.push(['date', `${m.year}.`]);
        }
      } else return [];
      if (m.doi) out.push(['doi', `https://doi.org/${m.doi}.`]);
      return out;
    }
    case 'harvard': {
      out.push(['author', joinNames(a.map((p) => `${p.family}, ${initialsOf(given(p), true, false)}`), 'and', false)]);
      out.push(['date', `(${m.year})`]);
      if (book) {
        out.push(['title', `${title}.`]);
        if (m.location) out.push(['location', `${m.location}:`]);
        out.push(['publisher', `${m.publisher}.`]);
      } else if (m.container) {
        out.push(['title', `'${title}',`]);
        if (m.isJournal) {
          out.push(['journal', `${m.container},`]);
          if (m.volume) out.push(['volume', `${m.volume}${m.issue ? `(${m.issue})` : ''},`]);
          if (m.pages) out.push(['pages', `pp. ${dash(m.pages, random)}.`]);
        } else {
          out.push(['container-title', `in ${m.container}.`]);
          if (m.publisher) out.push(['publisher', `${m.publisher},`]);
          if (m.pages) out.push(['pages', `pp. ${m.pages}.`]);
        }
      } else return [];
      if (m.doi) out.push(['doi', `doi:${m.doi}.`]);
      return out;
    }
    case 'ieee': {
      out.push(['citation-number', `[${n}]`]);
      const names = a.length > 6 ? [`${initialsOf(given(a[0]!), true, true)} ${a[0]!.family} et al.,`] : [`${joinNames(a.map((p) => `${initialsOf(given(p), true, true)} ${p.family}`), 'and', a.length > 2)},`];
      out.push(['author', names[0]!]);
      if (book) {
        out.push(['title', `${title}.`]);
        if (m.location) out.push(['location', `${m.location}:`]);
        out.push(['publisher', `${m.publisher},`]);
        out.push(['date', `${m.year}.`]);
      } else if (m.container) {
        out.push(['title', `"${title},"`]);
        out.push([m.isJournal ? 'journal' : 'container-title', `${m.isJournal ? '' : 'in '}${m.container},`]);
        if (m.volume) out.push(['volume', `vol. ${m.volume},${m.issue ? ` no. ${m.issue},` : ''}`]);
        if (m.pages) out.push(['pages', `pp. ${dash(m.pages, random)},`]);
        out.push(['date', `${m.year}.`]);
      } else return [];
      if (m.doi) out.push(['doi', `doi: ${m.doi}.`]);
      return out;
    }
    case 'vancouver': {
      out.push(['citation-number', `${n}.`]);
      const names = a.slice(0, 6).map((p) => `${p.family} ${initialsOf(given(p), false, false)}`);
      out.push(['author', `${names.join(', ')}${a.length > 6 ? ', et al.' : '.'}`]);
      out.push(['title', `${title}.`]);
      if (book) {
        if (m.location) out.push(['location', `${m.location}:`]);
        out.push(['publisher', `${m.publisher};`]);
        out.push(['date', `${m.year}.`]);
      } else if (m.container && m.isJournal) {
        out.push(['journal', `${m.container}.`]);
        // Written without spaces, as Vancouver lists are: the tokenizer splits after ";" and ":". Two articles with a
        // volume in five carry the month, half of those the day too ("2012 Dec 15;380(9859):2095-128"), as PubMed
        // writes them; the choice hangs on the title, so every other render stays as it was.
        const h = fnv1a(`month:${title}`);
        let lead = String(m.year);
        if (m.volume && h % 5 < 2) {
          const month = vancouverMonths[(h >>> 3) % 12]!;
          out.push(['date', h % 5 === 0 ? String(m.year) : `${m.year} ${month}`]);
          lead = h % 5 === 0 ? month : String(1 + ((h >>> 7) % 28));
        }
        const tail = `${lead}${m.volume ? `;${m.volume}${m.issue ? `(${m.issue})` : ''}` : ''}${m.pages ? `:${m.pages}` : ''}.`;
        out.push(['__vancouver', tail]);
      } else return [];
      if (m.doi) out.push(['doi', `doi:${m.doi}`]);
      return out;
    }
  }
}

/** Rendered references with their per-token labels (tokens as `tokenize` splits them). */
export function synthesize(refs: readonly LabelledReference[], seed: number, perReference = 1, splits: readonly LabelledReference['split'][] = ['train']): { text: string; labels: string[]; style: SynthStyle }[] {
  const random = prng(seed);
  const out: { text: string; labels: string[]; style: SynthStyle }[] = [];
  let n = 1;
  for (const ref of refs) {
    if (!splits.includes(ref.split)) continue;
    const found = metaOf(ref);
    if (!found) continue;
    for (let k = 0; k < perReference; k++) {
      const style = synthStyles[Math.floor(random() * synthStyles.length)]!;
      // One render in eight has a group author instead of the reference's people.
      const meta = random() < 0.12 ? { ...found, authors: [{ family: organizationName(random), given: '', organization: true }] } : found;
      const pieces = render(style, meta, n, random);
      if (pieces.length === 0) continue;
      n = n >= 120 ? 1 : n + 1;
      const labels: string[] = [];
      for (const [label, text] of pieces) {
        if (label === '__vancouver') {
          text.split(/(?<=[;:])(?=[\d(])/).forEach((part, i) => labels.push(/^\d{4}[;:.]?$/.test(part) || (i === 0 && part.endsWith(';')) ? 'date' : /:$/.test(part) || /\(/.test(part) ? 'volume' : 'pages'));
          continue;
        }
        for (const _ of text.split(/\s+/).filter(Boolean)) labels.push(label);
      }
      const text = pieces.map((p) => p[1]).join(' ');
      if (tokenize(text).length === labels.length) out.push({ text, labels, style });
    }
  }
  return out;
}

import type { RefCitation, RefIssue } from '../../../src/domain/references.ts';
import { acronymOf, isOrganizationName, type ReferenceFields } from './fields.ts';
import { normalizeTypography } from './tokens.ts';

/** A citation as written, before it is matched to the list. */
interface RawCitation {
  text: string;
  start: number;
  end: number;
  kind: RefCitation['kind'];
  numbers?: number[];
  /** First author's family name, second author's when named, year ("2020a"), page. */
  family?: string;
  second?: string;
  etAl?: boolean;
  year?: string;
}

const yearPart = String.raw`(?:1[5-9]\d\d|20\d\d)[a-z]?|n\.\s?d\.`;
const name = String.raw`\p{Lu}[\p{L}'’-]+(?:\s(?:van|von|de|der|del|di|da|la|le)\s?\p{Lu}?[\p{L}'’-]+)?`;

/** Lower case, no diacritics, letters only: how family names are compared. */
export const nameKey = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}]/gu, '');

function expandNumbers(spec: string): number[] {
  const out: number[] = [];
  for (const part of spec.split(/\s*,\s*/)) {
    const m = part.match(/^(\d+)\s*[-–]\s*(\d+)$/);
    if (m) {
      const a = Number(m[1]);
      const b = Number(m[2]);
      for (let i = a; i <= b && i - a < 200; i++) out.push(i);
    } else if (/^\d+$/.test(part)) out.push(Number(part));
  }
  return out;
}

function authorPart(raw: string): Pick<RawCitation, 'family' | 'second' | 'etAl'> | undefined {
  const text = raw
    .replace(/^(?:e\.g\.,?|i\.e\.,?|see(?: also)?|cf\.|compare|as cited in)\s+/i, '')
    .replace(/[,\s]+$/, '')
    .trim();
  // A group author cited by its name, or its name and acronym: (World Health Organization [WHO], 2020).
  const group = text.match(/^(.+?)(?:\s*\[(\p{Lu}{2,10})\])?$/u);
  if (group && isOrganizationName(group[1]!) && !/\set\.?\sal\b/.test(text)) return { family: group[1]!, etAl: false };
  const m = text.match(new RegExp(String.raw`^(${name})(?:(?:,?\s(?:and|&)\s|,\s)(${name}))?(\set\.?\sal\.?)?`, 'u'));
  if (!m) return undefined;
  return { family: m[1]!, second: m[2], etAl: Boolean(m[3]) };
}

/** Finds the in-text citations of a paper's body: [1], [2–4], (Smith, 2020; Lee & Kim, 2019a), Smith et al. (2020), (Smith 23). */
export function findCitations(body: string, options: { numericParens?: boolean } = {}): RawCitation[] {
  const text = normalizeTypography(body);
  const out: RawCitation[] = [];
  for (const m of text.matchAll(/\[(\d{1,4}(?:\s*[-–,]\s*\d{1,4})*)\]/g)) {
    out.push({ text: m[0], start: m.index, end: m.index + m[0].length, kind: 'numeric', numbers: expandNumbers(m[1]!.replace(/–/g, '-')) });
  }
  if (options.numericParens && out.length === 0) {
    for (const m of text.matchAll(/\((\d{1,3}(?:\s*[-–,]\s*\d{1,3})*)\)/g)) {
      out.push({ text: m[0], start: m.index, end: m.index + m[0].length, kind: 'numeric', numbers: expandNumbers(m[1]!) });
    }
  }
  // Parenthetical author–year, several per bracket.
  for (const m of text.matchAll(/\(([^()]{3,400})\)/g)) {
    const inner = m[1]!;
    if (!new RegExp(yearPart).test(inner)) continue;
    let offset = m.index + 1;
    for (const whole of inner.split(';')) {
      // A secondary citation, "(Siegel, 2001, as cited in Walker, 2017)": the list holds the source read (Walker), not
      // the original, so only the part after "as cited in" is matched.
      const secondary = whole.match(/^(.*?\bas cited in\s+)/i);
      const part = secondary ? whole.slice(secondary[1]!.length) : whole;
      const partStart = offset + (secondary ? secondary[1]!.length : whole.length - whole.trimStart().length);
      offset += whole.length + 1;
      const pm = part.trim().match(new RegExp(String.raw`^(.*?\p{L}.*?)[,\s]+((?:${yearPart})(?:\s*,\s*(?:${yearPart}))*)(?:\s*,\s*(?:pp?\.|para\.|chap\.)\s*[\d–-]+)?$`, 'u'));
      if (!pm) continue;
      const who = authorPart(pm[1]!);
      if (!who) continue;
      for (const year of pm[2]!.split(/\s*,\s*/)) {
        out.push({ text: part.trim(), start: partStart, end: partStart + part.trim().length, kind: 'authorYear', ...who, year: year.replace(/\s/g, '') });
      }
    }
  }
  // Narrative: Smith (2020), Smith and Lee (2019), Smith et al. (2020, p. 4).
  const narrative = new RegExp(String.raw`(${name})(?:(?:,?\s(?:and|&)\s)(${name}))?(\set\.?\sal\.?)?(?:'s|’s)?\s\(((?:${yearPart}))(?:,\s*(?:pp?\.)\s*[\d–-]+)?\)`, 'gu');
  for (const m of text.matchAll(narrative)) {
    if (/^(In|The|This|See|As|Table|Figure|Fig|Section|Chapter|Eq)$/.test(m[1]!)) continue;
    out.push({ text: m[0], start: m.index, end: m.index + m[0].length, kind: 'authorYear', family: m[1]!, second: m[2], etAl: Boolean(m[3]), year: m[4]!.replace(/\s/g, '') });
  }
  // MLA: (Smith 23), (Smith and Lee 45-46).
  for (const m of text.matchAll(new RegExp(String.raw`\((${name})(?:\s(?:and|&)\s(${name}))?(\set al\.)?\s(\d{1,4}(?:[-–]\d{1,4})?)\)`, 'gu'))) {
    if (/^(1[5-9]|20)\d\d$/.test(m[4]!)) continue;
    out.push({ text: m[0], start: m.index, end: m.index + m[0].length, kind: 'authorPage', family: m[1]!, second: m[2], etAl: Boolean(m[3]) });
  }
  return out.sort((a, b) => a.start - b.start);
}

function levenshtein(a: string, b: string): number {
  const dp = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let prev = dp[0]!;
    dp[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = dp[j]!;
      dp[j] = Math.min(dp[j]! + 1, dp[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return dp[b.length]!;
}

/** The family name an entry is cited by: its first author, or the group author / title word that opens it. */
function entryKey(fields: ReferenceFields, text: string): string {
  const family = fields.authors[0]?.family;
  if (family) return nameKey(family.split(/\s+/).pop()!);
  return nameKey(text.replace(/^\s*(?:\[\d+\]|\d+\.)\s*/, '').split(/[\s,.(]/)[0] ?? '');
}

const entryFamilies = (fields: ReferenceFields, text: string) => {
  const keys = new Set<string>([entryKey(fields, text)]);
  const first = fields.authors[0];
  if (first) keys.add(nameKey(first.family));
  // A group author is cited by its whole name or by its acronym: (WHO, 2020).
  if (first?.organization) {
    const short = first.family.match(/\((\p{Lu}{2,10})\)|\[(\p{Lu}{2,10})\]/u);
    keys.add(nameKey(short?.[1] ?? short?.[2] ?? acronymOf(first.family)));
    keys.add(nameKey(first.family.replace(/\s*[([]\p{Lu}{2,10}[)\]]/u, '')));
  }
  return keys;
};

/**
 * Matches citations to the list and reports: cited but not listed, listed but never cited, year and author
 * mismatches, numbers cited beyond the list, and gaps in a numbered list.
 */
export function matchCitations(
  raw: RawCitation[],
  entries: { fields: ReferenceFields; text: string }[],
  listNumbered: boolean,
): { citations: RefCitation[]; issues: RefIssue[]; citedBy: number[] } {
  const issues: RefIssue[] = [];
  const citedBy = entries.map(() => 0);
  const citations: RefCitation[] = [];
  const numbers = entries.map((e, i) => e.fields.number ?? (listNumbered ? i + 1 : null));
  const seenProblem = new Set<string>();
  const once = (key: string, issue: RefIssue) => {
    if (seenProblem.has(key)) return;
    seenProblem.add(key);
    issues.push(issue);
  };
  for (const c of raw) {
    const matched: number[] = [];
    if (c.kind === 'numeric') {
      for (const n of c.numbers ?? []) {
        const i = numbers.indexOf(n);
        if (i >= 0) matched.push(i);
        else once(`num:${n}`, { code: 'citedNumberMissing', severity: 'error', params: { cite: c.text, number: n } });
      }
    } else {
      const fam = nameKey(c.family ?? '');
      const year = c.year?.match(/\d{4}/)?.[0];
      const suffix = c.year?.match(/\d{4}([a-z])/)?.[1];
      const sameFamily = entries.map((e, i) => (entryFamilies(e.fields, e.text).has(fam) ? i : -1)).filter((i) => i >= 0);
      const exact = sameFamily.filter((i) => {
        const e = entries[i]!;
        if (c.kind === 'authorPage') return true;
        if (year === undefined) return e.fields.year === null;
        if (String(e.fields.year) !== year) return false;
        // "2020a" picks the entry whose date carries the same letter when the list has several.
        return !suffix || !e.fields.date || !/\d{4}[a-z]/.test(e.fields.date) || e.fields.date.includes(`${year}${suffix}`);
      });
      if (exact.length > 0) {
        matched.push(...exact.slice(0, suffix ? 1 : exact.length));
        const e = entries[exact[0]!]!;
        const second = c.second ? nameKey(c.second) : undefined;
        const listedSecond = e.fields.authors[1] ? nameKey(e.fields.authors[1].family) : undefined;
        if (second && listedSecond && second !== listedSecond && !listedSecond.endsWith(second)) {
          once(`auth2:${c.text}`, { code: 'citationAuthorMismatch', severity: 'warning', params: { cite: c.text, listed: e.fields.authors.map((a) => a.family).slice(0, 3).join(', ') } });
        }
      } else if (sameFamily.length > 0) {
        const e = entries[sameFamily[0]!]!;
        matched.push(sameFamily[0]!);
        once(`year:${c.text}`, { code: 'citationYearMismatch', severity: 'error', params: { cite: c.text, listed: e.fields.year ?? '–', entry: sameFamily[0]! + 1 } });
      } else {
        const near = entries.findIndex((e) => {
          const k = entryKey(e.fields, e.text);
          return year !== undefined && String(e.fields.year) === year && fam.length >= 4 && k.length >= 4 && levenshtein(fam, k) <= 2;
        });
        if (near >= 0) {
          matched.push(near);
          once(`auth:${c.text}`, { code: 'citationAuthorMismatch', severity: 'error', params: { cite: c.text, listed: entries[near]!.fields.authors.map((a) => a.family).slice(0, 3).join(', ') } });
        } else once(`miss:${c.text}`, { code: 'citedNotListed', severity: 'error', params: { cite: c.text } });
      }
    }
    for (const i of new Set(matched)) citedBy[i]!++;
    citations.push({ text: c.text, start: c.start, end: c.end, kind: c.kind, entries: [...new Set(matched)] });
  }
  if (raw.length > 0) {
    entries.forEach((e, i) => {
      if (citedBy[i] === 0) issues.push({ code: 'listedNotCited', severity: 'warning', params: { entry: i + 1, label: shortLabel(e.fields, e.text) } });
    });
  }
  if (listNumbered) {
    const present = numbers.filter((n): n is number => n !== null);
    const max = Math.max(0, ...present);
    const missing: number[] = [];
    for (let n = 1; n <= max && missing.length < 20; n++) if (!present.includes(n)) missing.push(n);
    if (missing.length > 0) issues.push({ code: 'numberingGap', severity: 'warning', params: { numbers: missing.join(', ') } });
  }
  return { citations, issues, citedBy };
}

/** "Smith 2020" / "Smith et al. 2020": how the report names an entry. */
export function shortLabel(fields: ReferenceFields, text: string): string {
  const a = fields.authors;
  const who = a.length === 0 ? text.slice(0, 40) : a.length === 1 ? a[0]!.family : a.length === 2 ? `${a[0]!.family} & ${a[1]!.family}` : `${a[0]!.family} et al.`;
  return fields.year ? `${who} ${fields.year}` : who;
}

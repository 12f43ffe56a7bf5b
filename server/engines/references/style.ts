import type { ReferenceFields } from './fields.ts';
import { normalizeTypography } from './tokens.ts';

/** Citation styles the checker names. */
export const citationStyles = ['apa', 'mla', 'chicago', 'harvard', 'ieee', 'vancouver'] as const;
export type CitationStyle = (typeof citationStyles)[number];

/**
 * Scores how much an entry reads like each style from its punctuation pattern, the place of the year and the way names
 * are written. Rules, not a model: each style's manual fixes these marks.
 */
export function styleScores(entry: string, _fields: ReferenceFields): Record<CitationStyle, number> {
  const t = normalizeTypography(entry);
  const s: Record<CitationStyle, number> = { apa: 0, mla: 0, chicago: 0, harvard: 0, ieee: 0, vancouver: 0 };
  const bracketNumber = /^\s*\[\d+\]/.test(t);
  const dotNumber = /^\s*\d{1,3}\.\s/.test(t);
  const initialsFirst = /^(?:\s*\[\d+\]\s*)?(?:\p{Lu}\.\s?-?){1,3}\s?\p{Lu}[\p{L}'-]+/u.test(t);
  const familyInitialsNoDots = /^(?:\s*\d{1,3}\.\s*)?[\p{Lu}][\p{L}'-]+(?:\s[\p{Lu}][\p{L}'-]+)?\s\p{Lu}{1,3}(?:,|\.)/u.test(t);
  const familyCommaInitials = /^[\p{Lu}][\p{L}'’ -]+,\s(?:\p{Lu}\.\s?-?){1,3}/u.test(t);
  const familyCommaGiven = /^[\p{Lu}][\p{L}'’ -]+,\s\p{Lu}\p{Ll}+/u.test(t);
  const parenYearDot = /\((1[5-9]\d\d|20\d\d|n\.\s?d\.)[a-z]?(?:,\s[^)]*)?\)\./.test(t);
  const parenYearNoDot = /\((1[5-9]\d\d|20\d\d|n\.\s?d\.)[a-z]?\)\s(?![.,:;])/.test(t);
  const yearAfterAuthors = /^[^"'(]{3,200}?\.\s(1[5-9]\d\d|20\d\d)[a-z]?\.\s/.test(t);
  const quotedTitle = /"[^"]{4,}[.,?!]"/.test(t);
  const singleQuotedTitle = /\s'[^']{4,}',/.test(t);
  const volNo = /\bvol\.\s?\d+/i.test(t);
  const noIssue = /\bno\.\s?\d+/i.test(t);
  const pp = /\bpp?\.\s?\d/.test(t);
  const vancouverTail = /(1[5-9]\d\d|20\d\d)(?:\s\p{L}{3}(?:\s\d{1,2})?)?;\s?\d+(?:\(\d+\))?:\s?\w+/u.test(t);
  const volIssueComma = /\d+\(\d+[-–\d]*\),\s/.test(t);
  const chicagoJournal = /\s\d+,?\s(?:no\.\s\d+\s)?\((1[5-9]\d\d|20\d\d)\):\s?\d/.test(t);
  const mlaYearComma = /,\s(?:\p{L}{3,9}\.?\s)?(1[5-9]\d\d|20\d\d),\s(?:pp?\.|\d)/u.test(t) || /\bvol\.\s\d+,\sno\.\s\d+,\s/.test(t);
  const available = /\b(available at|accessed)\b/i.test(t) || /\[accessed/i.test(t);
  const retrieved = /\bretrieved from\b|https?:\/\/doi\.org\//i.test(t);
  const yearAtEnd = /(1[5-9]\d\d|20\d\d)\.?\s*$/.test(t.replace(/\s*(doi:|https?:)\S+\s*$/i, ''));
  const etAl = /\bet al\./.test(t);

  if (bracketNumber) s.ieee += 3;
  if (initialsFirst) s.ieee += 2;
  if (quotedTitle && /,"/.test(t)) s.ieee += 2;
  if (volNo) s.ieee += 1;
  if (pp && yearAtEnd && bracketNumber) s.ieee += 1;

  if (dotNumber) s.vancouver += 2;
  if (familyInitialsNoDots) s.vancouver += 3;
  if (vancouverTail) s.vancouver += 3;
  if (etAl && familyInitialsNoDots) s.vancouver += 1;

  if (familyCommaInitials) {
    s.apa += 1;
    s.harvard += 1;
  }
  if (parenYearDot) s.apa += 3;
  if (volIssueComma) {
    s.apa += 1;
    s.harvard += 1;
  }
  if (retrieved) s.apa += 1;
  if (/\s&\s/.test(t)) s.apa += 1;

  if (parenYearNoDot) s.harvard += 3;
  if (singleQuotedTitle) s.harvard += 2;
  if (available) s.harvard += 2;
  if (pp && !bracketNumber && (parenYearNoDot || familyCommaInitials)) s.harvard += 1;

  if (familyCommaGiven) {
    s.mla += 1;
    s.chicago += 1;
  }
  if (quotedTitle && /\."/.test(t)) {
    s.mla += 1;
    s.chicago += 1;
  }
  if (mlaYearComma) s.mla += 2;
  if (volNo && noIssue && !bracketNumber) s.mla += 1;
  if (/,\svol\.\s/.test(t) && !bracketNumber) s.mla += 1;
  if (chicagoJournal) s.chicago += 3;
  if (yearAfterAuthors) s.chicago += 2;
  if (/\.\s[\p{L} ]+:\s[\p{L}&.' ]+,\s(1[5-9]\d\d|20\d\d)\./u.test(t)) s.chicago += 1;
  return s;
}

/** The style an entry reads as, or null when nothing marks one. */
export function detectEntryStyle(entry: string, fields: ReferenceFields): CitationStyle | null {
  const scores = styleScores(entry, fields);
  let best: CitationStyle | null = null;
  let bestScore = 1;
  for (const style of citationStyles) {
    if (scores[style] > bestScore) {
      best = style;
      bestScore = scores[style];
    }
  }
  return best;
}

/** The list's style: the most common style among its entries (ties: the order of `citationStyles`). */
export function detectListStyle(styles: (CitationStyle | null)[]): CitationStyle | null {
  const counts = new Map<CitationStyle, number>();
  for (const s of styles) if (s) counts.set(s, (counts.get(s) ?? 0) + 1);
  let best: CitationStyle | null = null;
  for (const s of citationStyles) if ((counts.get(s) ?? 0) > (best ? counts.get(best)! : 0)) best = s;
  return best;
}

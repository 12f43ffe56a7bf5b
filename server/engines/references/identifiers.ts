/** Offline checks of identifiers: Crossref's DOI pattern, ISBN and ISSN check digits, arXiv ids. */

/** The pattern Crossref recommends for modern DOIs (it matches 74.4M of 74.9M DOIs they tested). */
export const crossrefDoiPattern = /^10\.\d{4,9}\/[-._;()/:A-Z0-9]+$/i;

/** True when a DOI has Crossref's modern form. */
export function isWellFormedDoi(doi: string): boolean {
  return crossrefDoiPattern.test(doi.trim());
}

/** A DOI as stored and looked up: no resolver prefix, lower case. */
export function normalizeDoi(doi: string): string {
  return doi
    .trim()
    .replace(/^(?:https?:\/\/)?(?:dx\.)?doi\.org\//i, '')
    .replace(/^doi:\s*/i, '')
    .toLowerCase();
}

/** ISBN-10 or ISBN-13 with a valid check digit. */
export function isValidIsbn(raw: string): boolean {
  const s = raw.replace(/[\s-]/g, '').toUpperCase();
  if (/^\d{9}[\dX]$/.test(s)) {
    let sum = 0;
    for (let i = 0; i < 10; i++) sum += (s[i] === 'X' ? 10 : Number(s[i])) * (10 - i);
    return sum % 11 === 0;
  }
  if (/^97[89]\d{10}$/.test(s)) {
    let sum = 0;
    for (let i = 0; i < 13; i++) sum += Number(s[i]) * (i % 2 === 0 ? 1 : 3);
    return sum % 10 === 0;
  }
  return false;
}

/** ISSN (NNNN-NNNC) with a valid check digit. */
export function isValidIssn(raw: string): boolean {
  const s = raw.replace(/[\s-]/g, '').toUpperCase();
  if (!/^\d{7}[\dX]$/.test(s)) return false;
  let sum = 0;
  for (let i = 0; i < 7; i++) sum += Number(s[i]) * (8 - i);
  const check = (11 - (sum % 11)) % 11;
  return (check === 10 ? 'X' : String(check)) === s[7];
}

/** An ISSN written in a reference. */
export function issnIn(text: string): string | null {
  return text.match(/\bISSN:?\s*(\d{4}-?\d{3}[\dXx])\b/i)?.[1] ?? null;
}

/** An arXiv identifier written in a reference ("arXiv:2101.01234v2", "arXiv preprint arXiv:hep-th/9901001"). */
export function arxivIn(text: string): string | null {
  const labelled = text.match(/\barXiv:\s*([\w.\-/]+?)(?:[.,;)\]]*(?:\s|$))/i)?.[1];
  if (labelled) return labelled;
  return text.match(/\barXiv\s+(\d{4}\.\d{4,5}(?:v\d+)?|[a-z-]+(?:\.[A-Z]{2})?\/\d{7}(?:v\d+)?)\b/i)?.[1] ?? null;
}

/** arXiv ids: new style YYMM.NNNN(N) (with a plausible month), or old style archive(.SUBJ)/YYMMNNN; optional version. */
export function isValidArxivId(id: string): boolean {
  const m = id.match(/^(\d{2})(\d{2})\.(\d{4,5})(v\d+)?$/);
  if (m) {
    const month = Number(m[2]);
    const fiveDigits = m[3]!.length === 5;
    // Five-digit numbers started in January 2015 (1501).
    return month >= 1 && month <= 12 && (!fiveDigits || Number(m[1]) >= 15);
  }
  return /^[a-z-]+(\.[A-Z]{2})?\/\d{2}(0[1-9]|1[0-2])\d{3}(v\d+)?$/.test(id);
}

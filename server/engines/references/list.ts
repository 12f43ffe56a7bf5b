/** Finding the reference list in a paper and splitting it into entries. */
import { isOrganizationName } from './fields.ts';

/** Headings that open a reference list, in the languages of the interface. */
const headingRe =
  /^[ \t]*(?:#{1,6}[ \t]*)?(?:\d+\.?[ \t]+)?(references?|reference list|list of references|bibliography|works cited|works consulted|literature cited|cited literature|sources|sources cited|literatur|literaturverzeichnis|quellen|quellenverzeichnis|bibliographie|références|références bibliographiques|referencias|referencias bibliográficas|bibliografía|bibliografia|riferimenti bibliografici|referências|referências bibliográficas|literatuur|literatuurlijst|referenties|kirjallisuus|lähteet|litteratur|referencer|kaynaklar|kaynakça|piśmiennictwo|bibliografia|список литературы|литература|βιβλιογραφία|参考文献|參考文獻|참고문헌|المراجع|บรรณานุกรม|daftar pustaka|referensi)[ \t]*:?[ \t]*$/gimu;

/** Where a reference list ends when the paper goes on (appendices, notes). */
const afterListRe = /^[ \t]*(?:#{1,6}[ \t]*)?(appendix|appendices|anhang|annexe|anexo|notes|endnotes|acknowledg(e)?ments|tables?|figures?)\b[^\n]{0,40}$/im;

/** The paper split into its body (where in-text citations live) and its reference list. */
export interface PaperParts {
  body: string;
  list: string;
  /** Offset of the list in the original text. */
  listStart: number;
  /** How the list was found. */
  found: 'heading' | 'whole' | 'tail' | 'none';
}

const entryStartRe =
  /^(?:\[\d+\]|\(\d+\)|\d{1,3}[.)]\s|[\p{Lu}][\p{L}'’`-]+(?:\s(?:[\p{Lu}][\p{L}'’-]+|van|von|de|der|del|di|da|la|le))*,\s*\p{Lu}|[\p{Lu}][\p{L}'’-]+\s\p{Lu}{1,3}[,.]|[\p{Lu}]\.\s?(?:[\p{Lu}]\.\s?)*[\p{Lu}][\p{L}'’-]+,|[\p{Lu}][\p{L}'’-]+,\s*[\p{Lu}][\p{L}'’-]+|(?:van|von|de|del|di|da|le|la)\s[\p{Lu}])/u;
const hasYear = /(?:^|\D)(1[5-9]\d\d|20\d\d)[a-z]?(?!\d)|\bn\.\s?d\b|\bin press\b|\bforthcoming\b/i;

/** A group author and its year: "World Health Organization. (2020).", "OECD (2019)", "Statistics Canada. 2018.". */
const groupStartRe = /^(\p{Lu}[^()\d]{1,150}?)(?:\.\s*|\s+)(?:\((?:1[5-9]\d\d|20\d\d)[a-z]?\)|\(n\.\s?d\.\)|(?:1[5-9]\d\d|20\d\d)[a-z]?\.)/u;

/** True when a line looks like the start of a reference (an author, a group author with its year, or a number). */
export function looksLikeEntryStart(line: string): boolean {
  const text = line.trim();
  if (entryStartRe.test(text)) return true;
  const group = text.match(groupStartRe);
  return group !== null && isOrganizationName(group[1]!);
}

/** True when a block of lines reads as a reference list (most lines start like entries and carry a year). */
function readsAsList(lines: string[]): boolean {
  const entries = splitEntries(lines.join('\n'));
  if (entries.length === 0) return false;
  const good = entries.filter((e) => hasYear.test(e) && e.length >= 25 && e.length <= 1200).length;
  return good >= Math.max(1, Math.ceil(entries.length * 0.6));
}

/** Finds the reference list: after the last heading that names it, else the whole text if it is a list, else a trailing run of entries. */
export function findReferenceList(text: string): PaperParts {
  const normalized = text.replace(/\r\n?/g, '\n');
  let last: RegExpExecArray | undefined;
  for (const m of normalized.matchAll(headingRe)) last = m as RegExpExecArray;
  if (last) {
    const listStart = last.index + last[0].length;
    let list = normalized.slice(listStart);
    const end = list.match(afterListRe);
    if (end?.index !== undefined && end.index > 0) list = list.slice(0, end.index);
    return { body: normalized.slice(0, last.index), list, listStart, found: 'heading' };
  }
  const lines = normalized.split('\n');
  if (readsAsList(lines.filter((l) => l.trim()))) return { body: '', list: normalized, listStart: 0, found: 'whole' };
  // A trailing block of entry-like paragraphs after prose.
  const paragraphs = normalized.split(/\n[ \t]*\n/);
  let k = paragraphs.length;
  while (k > 0 && readsAsList(paragraphs[k - 1]!.split('\n').filter((l) => l.trim()))) k--;
  if (k < paragraphs.length && k > 0) {
    const body = paragraphs.slice(0, k).join('\n\n');
    return { body, list: paragraphs.slice(k).join('\n\n'), listStart: body.length + 2, found: 'tail' };
  }
  return { body: normalized, list: '', listStart: normalized.length, found: 'none' };
}

const numberedRe = /^\s*(?:\[\d{1,4}\]|\(\d{1,4}\)|\d{1,4}[.)](?=\s|\p{Lu}))/u;

/** One author as APA writes it: "Walker, M.", "van Lee, K.-L.". */
const apaAuthor = String.raw`(?:(?:van|von|de|der|del|di|da|la|le) )?\p{Lu}[\p{L}'’-]+, \p{Lu}\.(?:[\s-]?\p{Lu}\.)*`;
/**
 * Where a second author–year entry starts inside a line, after a full stop: "… Scribner. Wahlstrom, K. (2014). …".
 * A PDF whose entries carry no indent or gap, or a paste from one, runs entries together like this. Only the APA form
 * (authors with initials, then "(year)." with its full stop) is read here, so a title or an editor is never split.
 */
const runTogetherRe = new RegExp(String.raw`(?<=[.?!]) +(?=${apaAuthor}(?:(?:,? (?:&|and) |, )${apaAuthor})* \((?:1[5-9]\d\d|20\d\d)[a-z]?\)\.)`, 'gu');

/** An entry split where another author–year entry begins inside it (each part keeps a year of its own). */
function splitRunTogether(entry: string): string[] {
  const parts: string[] = [];
  let from = 0;
  for (const m of entry.matchAll(runTogetherRe)) {
    const head = entry.slice(from, m.index);
    if (!hasYear.test(head)) continue;
    parts.push(head);
    from = m.index + m[0].length;
  }
  parts.push(entry.slice(from));
  return parts;
}

/**
 * Splits a reference list into entries: by numbers when the list is numbered, else by blank lines when entries are
 * paragraphs, else by lines, joining the continuation lines of hard-wrapped entries.
 */
export function splitEntries(list: string): string[] {
  const lines = list.replace(/\r\n?/g, '\n').split('\n');
  const nonEmpty = lines.filter((l) => l.trim());
  if (nonEmpty.length === 0) return [];
  const clean = (e: string) => e.replace(/\s+/g, ' ').trim();
  const numbered = nonEmpty.filter((l) => numberedRe.test(l)).length;
  if (numbered >= 2 && numbered >= nonEmpty.length * 0.3) {
    const out: string[] = [];
    for (const line of nonEmpty) {
      if (numberedRe.test(line) || out.length === 0) out.push(line);
      else out[out.length - 1] += ` ${line}`;
    }
    return out.map(clean).filter(Boolean);
  }
  const paragraphs = list.split(/\n[ \t]*\n/).filter((p) => p.trim());
  const multiLine = paragraphs.filter((p) => p.trim().includes('\n')).length;
  if (paragraphs.length >= 2 && multiLine > 0) return paragraphs.map(clean).flatMap(splitRunTogether);
  // Line by line: a line continues the previous entry when it does not start like one, or the previous one is unfinished.
  const out: string[] = [];
  for (const raw of nonEmpty) {
    const line = raw.trim();
    const prev = out[out.length - 1];
    const indented = /^[ \t]{2,}/.test(raw) && nonEmpty.some((l) => !/^[ \t]/.test(l));
    const continues = prev !== undefined && (indented || !looksLikeEntryStart(line) || /[,;:&-]$|\b(and|&|In|in)$/.test(prev) || (!/[.)\]]$/.test(prev) && !hasYear.test(prev)));
    if (continues) out[out.length - 1] = `${prev} ${line}`;
    else out.push(line);
  }
  return out.map(clean).filter(Boolean).flatMap(splitRunTogether);
}

/** Format of the input as a whole. */
export type InputFormat = 'bibtex' | 'ris' | 'text';

export function inputFormatOf(text: string): InputFormat {
  if (/^\s*@\s*[a-z]+\s*[{(]/im.test(text) && /[{(]\s*[^,\s]*\s*,/.test(text)) return 'bibtex';
  if (/^TY {2}- /m.test(text) && /^ER {2}-/m.test(text)) return 'ris';
  return 'text';
}

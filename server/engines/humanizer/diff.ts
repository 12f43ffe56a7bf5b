/** A piece of output text; unchanged text has no `change`. */
export type ChangeKind = 'added' | 'edited';
export interface Segment {
  text: string;
  change?: ChangeKind;
}

const ATOM_RE = /[\p{L}\p{N}]+(?:['’][\p{L}]+)*|\s+|[^\s\p{L}\p{N}]/gu;

/**
 * Myers' O((N+M)·D) diff of two word sequences: for each element of `b`, whether it matches an element of
 * `a` (true) or was inserted (false), plus the indices of `a` that were deleted.
 */
function myers(a: string[], b: string[]): { keptB: boolean[]; deletedA: boolean[]; matchA: Int32Array } {
  const n = a.length;
  const m = b.length;
  const keptB = new Array<boolean>(m).fill(false);
  const deletedA = new Array<boolean>(n).fill(true);
  const matchA = new Int32Array(m).fill(-1);
  // Common prefix and suffix first: most edits are local.
  let lo = 0;
  while (lo < n && lo < m && a[lo] === b[lo]) {
    keptB[lo] = true;
    matchA[lo] = lo;
    deletedA[lo] = false;
    lo++;
  }
  let hiA = n;
  let hiB = m;
  while (hiA > lo && hiB > lo && a[hiA - 1] === b[hiB - 1]) {
    hiA--;
    hiB--;
    keptB[hiB] = true;
    matchA[hiB] = hiA;
    deletedA[hiA] = false;
  }
  const N = hiA - lo;
  const M = hiB - lo;
  if (N === 0 || M === 0) return { keptB, deletedA, matchA };
  const max = N + M;
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  let found = false;
  for (let d = 0; d <= max && !found; d++) {
    trace.push(v.slice(offset - d - 1, offset + d + 2));
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!) ? v[offset + k + 1]! : v[offset + k - 1]! + 1;
      let y = x - k;
      while (x < N && y < M && a[lo + x] === b[lo + y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= N && y >= M) {
        found = true;
        break;
      }
    }
  }
  // Walk back through the saved frontiers.
  let x = N;
  let y = M;
  for (let d = trace.length - 1; d >= 0 && (x > 0 || y > 0); d--) {
    const frontier = trace[d]!; // v[-d-1 .. d+1]
    const at = (k: number) => frontier[k + d + 1]!;
    const k = x - y;
    const prevK = k === -d || (k !== d && at(k - 1) < at(k + 1)) ? k + 1 : k - 1;
    const prevX = d === 0 ? 0 : at(prevK);
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      x--;
      y--;
      keptB[lo + y] = true;
      deletedA[lo + x] = false;
      matchA[lo + y] = lo + x;
    }
    if (d > 0) {
      if (x === prevX) y--; // an insertion
      else x--; // a deletion
    }
  }
  return { keptB, deletedA, matchA };
}

/**
 * Marks what changed between an input paragraph and its rewrite, word by word: words with no counterpart
 * are 'added' (a new connective) unless they replace or move input words, which makes them 'edited'.
 * The segments' texts concatenate to exactly `after`.
 */
export function diffSegments(before: string, after: string): Segment[] {
  const atomsB = after.match(ATOM_RE) ?? [];
  const wordsA = (before.match(ATOM_RE) ?? []).filter((x) => !/^\s/.test(x));
  const wordIndexB: number[] = [];
  const wordsB: string[] = [];
  atomsB.forEach((atom, i) => {
    if (!/^\s/.test(atom)) {
      wordIndexB.push(i);
      wordsB.push(atom);
    }
  });
  // Words are matched ignoring case, so a capital moved by a new sentence start marks only that word.
  const { keptB, deletedA, matchA } = myers(
    wordsA.map((w) => w.toLowerCase()),
    wordsB.map((w) => w.toLowerCase()),
  );
  const deleted = new Set<string>();
  wordsA.forEach((w, i) => deletedA[i] && deleted.add(w.toLowerCase()));
  const kind: Array<ChangeKind | undefined> = new Array(atomsB.length).fill(undefined);
  // Hunks: maximal runs of inserted words; deletions between the same kept neighbours make them edits.
  let i = 0;
  while (i < wordsB.length) {
    if (keptB[i]) {
      i++;
      continue;
    }
    let j = i;
    while (j < wordsB.length && !keptB[j]) j++;
    const run = wordsB.slice(i, j);
    // Input words between the run's kept neighbours were replaced by it.
    const replaces = (j < wordsB.length ? matchA[j]! : wordsA.length) - (i > 0 ? matchA[i - 1]! : -1) > 1;
    const moved = run.filter((w) => /[\p{L}\p{N}]/u.test(w) && deleted.has(w.toLowerCase())).length;
    const words = run.filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
    const change: ChangeKind = replaces || words === 0 || moved * 2 >= words ? 'edited' : 'added';
    for (let k = i; k < j; k++) kind[wordIndexB[k]!] = change;
    i = j;
  }
  for (let k = 0; k < wordsB.length; k++) if (keptB[k] && wordsA[matchA[k]!] !== wordsB[k]) kind[wordIndexB[k]!] = 'edited';
  // Whitespace joins a change only when the words on both sides carry the same change.
  for (let k = 0; k < atomsB.length; k++) {
    if (!/^\s/.test(atomsB[k]!)) continue;
    const left = kind[k - 1];
    const right = kind[k + 1];
    kind[k] = left && left === right ? left : undefined;
  }
  const segments: Segment[] = [];
  for (let k = 0; k < atomsB.length; k++) {
    const last = segments[segments.length - 1];
    if (last && last.change === kind[k]) last.text += atomsB[k];
    else segments.push(kind[k] ? { text: atomsB[k]!, change: kind[k] } : { text: atomsB[k]! });
  }
  return segments;
}

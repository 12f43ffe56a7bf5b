/**
 * PAN's measures for plagiarism detection over character offsets (Potthast,
 * Stein, Barrón-Cedeño and Rosso, "An Evaluation Framework for Plagiarism
 * Detection", COLING 2010): precision, recall, granularity and plagdet.
 */

/** A case or a detection: a passage of a suspicious document and of its source. */
export interface Annotation {
  /** Which suspicious/source pair it belongs to. */
  pair: string;
  start: number;
  end: number;
  sourceStart: number;
  sourceEnd: number;
}

export interface PanScores {
  precision: number;
  recall: number;
  granularity: number;
  plagdet: number;
  cases: number;
  detections: number;
}

type Side = 'suspicious' | 'both';

/** Characters of `a` also in `b`, on the chosen side(s); 0 when they are of different pairs. */
function overlap(a: Annotation, b: Annotation, side: Side): number {
  if (a.pair !== b.pair) return 0;
  const here = Math.max(0, Math.min(a.end, b.end) - Math.max(a.start, b.start));
  if (side === 'suspicious') return here;
  const there = Math.max(0, Math.min(a.sourceEnd, b.sourceEnd) - Math.max(a.sourceStart, b.sourceStart));
  return here > 0 && there > 0 ? here + there : 0;
}

const size = (a: Annotation, side: Side) => a.end - a.start + (side === 'both' ? a.sourceEnd - a.sourceStart : 0);

/** Characters of `target` covered by the union of `others`, on the chosen side(s). */
function covered(target: Annotation, others: Annotation[], side: Side): number {
  const count = (lo: number, hi: number, spans: [number, number][]) => {
    const clipped = spans
      .map(([s, e]) => [Math.max(lo, s), Math.min(hi, e)] as [number, number])
      .filter(([s, e]) => e > s)
      .sort((x, y) => x[0] - y[0]);
    let total = 0;
    let at = lo;
    for (const [s, e] of clipped) {
      const from = Math.max(at, s);
      if (e > from) total += e - from;
      at = Math.max(at, e);
    }
    return total;
  };
  const hits = others.filter((o) => overlap(target, o, side) > 0);
  let total = count(target.start, target.end, hits.map((o) => [o.start, o.end]));
  if (side === 'both') total += count(target.sourceStart, target.sourceEnd, hits.map((o) => [o.sourceStart, o.sourceEnd]));
  return total;
}

/**
 * Micro-averaged over all pairs: precision over detections, recall over cases,
 * granularity over detected cases. `side` 'suspicious' scores the suspicious
 * documents' characters only (for corpora whose source offsets are unreliable).
 */
export function panScores(cases: Annotation[], detections: Annotation[], side: Side = 'both'): PanScores {
  const byPair = <T extends Annotation>(list: T[]) => {
    const map = new Map<string, T[]>();
    for (const a of list) map.set(a.pair, [...(map.get(a.pair) ?? []), a]);
    return map;
  };
  const casesByPair = byPair(cases);
  const detectionsByPair = byPair(detections);
  let recallSum = 0;
  let detected = 0;
  let granularitySum = 0;
  for (const c of cases) {
    const hits = (detectionsByPair.get(c.pair) ?? []).filter((d) => overlap(c, d, side) > 0);
    recallSum += covered(c, hits, side) / Math.max(1, size(c, side));
    if (hits.length > 0) {
      detected++;
      granularitySum += hits.length;
    }
  }
  let precisionSum = 0;
  for (const d of detections) {
    const hits = (casesByPair.get(d.pair) ?? []).filter((c) => overlap(c, d, side) > 0);
    precisionSum += covered(d, hits, side) / Math.max(1, size(d, side));
  }
  const precision = detections.length ? precisionSum / detections.length : cases.length ? 0 : 1;
  const recall = cases.length ? recallSum / cases.length : 1;
  const granularity = detected ? granularitySum / detected : 1;
  const f1 = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
  return { precision, recall, granularity, plagdet: f1 / Math.log2(1 + granularity), cases: cases.length, detections: detections.length };
}

/** Field-level precision, recall and F1: a field is a maximal run of tokens with one label; it counts when label and span are both exact. */
export interface Score {
  tp: number;
  fp: number;
  fn: number;
}

export const f1 = (s: Score) => (s.tp === 0 ? 0 : (2 * s.tp) / (2 * s.tp + s.fp + s.fn));
export const precision = (s: Score) => (s.tp + s.fp === 0 ? 0 : s.tp / (s.tp + s.fp));
export const recall = (s: Score) => (s.tp + s.fn === 0 ? 0 : s.tp / (s.tp + s.fn));

function spans(labels: readonly string[]): string[] {
  const out: string[] = [];
  let start = 0;
  for (let i = 1; i <= labels.length; i++) {
    if (i === labels.length || labels[i] !== labels[start]) {
      out.push(`${labels[start]}:${start}-${i}`);
      start = i;
    }
  }
  return out;
}

/** Accumulates field and token scores per label over many sequences. */
export class FieldScores {
  readonly fields = new Map<string, Score>();
  readonly tokens = new Map<string, Score>();
  sequences = 0;
  exact = 0;

  private bump(map: Map<string, Score>, label: string, key: keyof Score) {
    const s = map.get(label) ?? { tp: 0, fp: 0, fn: 0 };
    s[key]++;
    map.set(label, s);
  }

  add(gold: readonly string[], guess: readonly string[], mapLabel: (l: string) => string = (l) => l): void {
    const g = gold.map(mapLabel);
    const p = guess.map(mapLabel);
    this.sequences++;
    if (g.every((l, i) => l === p[i])) this.exact++;
    const gs = new Set(spans(g));
    const ps = new Set(spans(p));
    for (const s of ps) this.bump(this.fields, s.split(':')[0]!, gs.has(s) ? 'tp' : 'fp');
    for (const s of gs) if (!ps.has(s)) this.bump(this.fields, s.split(':')[0]!, 'fn');
    for (let i = 0; i < g.length; i++) {
      if (g[i] === p[i]) this.bump(this.tokens, g[i]!, 'tp');
      else {
        this.bump(this.tokens, p[i]!, 'fp');
        this.bump(this.tokens, g[i]!, 'fn');
      }
    }
  }

  /** Micro-averaged over all labels. */
  overall(which: 'fields' | 'tokens' = 'fields'): Score {
    const total = { tp: 0, fp: 0, fn: 0 };
    for (const s of this[which].values()) {
      total.tp += s.tp;
      total.fp += s.fp;
      total.fn += s.fn;
    }
    return total;
  }

  /** Lines of a table: label, support, P, R, F1 (fields), token F1. */
  table(): string[] {
    const rows = [...this.fields.entries()].sort((a, b) => b[1].tp + b[1].fn - (a[1].tp + a[1].fn));
    const pct = (x: number) => (x * 100).toFixed(1).padStart(6);
    const lines = [`  ${'label'.padEnd(18)} ${'gold'.padStart(5)} ${'P'.padStart(6)} ${'R'.padStart(6)} ${'F1'.padStart(6)} ${'tokF1'.padStart(6)}`];
    for (const [label, s] of rows) {
      const t = this.tokens.get(label) ?? { tp: 0, fp: 0, fn: 0 };
      lines.push(`  ${label.padEnd(18)} ${String(s.tp + s.fn).padStart(5)} ${pct(precision(s))} ${pct(recall(s))} ${pct(f1(s))} ${pct(f1(t))}`);
    }
    const o = this.overall();
    lines.push(`  ${'overall (micro)'.padEnd(18)} ${String(o.tp + o.fn).padStart(5)} ${pct(precision(o))} ${pct(recall(o))} ${pct(f1(o))} ${pct(f1(this.overall('tokens')))}`);
    lines.push(`  whole reference exactly right: ${pct(this.exact / Math.max(1, this.sequences))}% of ${this.sequences}`);
    return lines;
  }
}

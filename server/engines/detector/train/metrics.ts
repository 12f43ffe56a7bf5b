/** Evaluation measures for the detector (RAID's: AUROC, TPR at a fixed FPR; and FPR at the threshold). */

/** Area under the ROC curve (ties count half). */
export function auroc(human: readonly number[], machine: readonly number[]): number {
  if (human.length === 0 || machine.length === 0) return Number.NaN;
  const all = [...human.map((s) => [s, 0] as const), ...machine.map((s) => [s, 1] as const)].sort((a, b) => a[0] - b[0]);
  let rankSum = 0;
  let i = 0;
  while (i < all.length) {
    let j = i;
    while (j < all.length && (all[j] as readonly [number, number])[0] === (all[i] as readonly [number, number])[0]) j++;
    const avg = (i + j + 1) / 2;
    for (let k = i; k < j; k++) if ((all[k] as readonly [number, number])[1] === 1) rankSum += avg;
    i = j;
  }
  return (rankSum - (machine.length * (machine.length + 1)) / 2) / (machine.length * human.length);
}

/** The threshold whose false-positive rate on `human` is at most `fpr` (scores >= threshold are flagged). */
export function thresholdAtFpr(human: readonly number[], fpr: number): number {
  const sorted = [...human].sort((a, b) => b - a);
  const allowed = Math.floor(fpr * sorted.length);
  // Flag strictly above the (allowed+1)-th highest human score.
  const bar = sorted[allowed];
  if (bar === undefined) return -Infinity;
  return bar + Math.max(1e-12, Math.abs(bar) * 1e-12);
}

/** True-positive rate at the threshold that gives `fpr` on the human scores. */
export function tprAtFpr(human: readonly number[], machine: readonly number[], fpr: number): number {
  const t = thresholdAtFpr(human, fpr);
  return rateAtOrAbove(machine, t);
}

/** Share of scores at or above a threshold. */
export function rateAtOrAbove(scores: readonly number[], threshold: number): number {
  if (scores.length === 0) return Number.NaN;
  return scores.filter((s) => s >= threshold).length / scores.length;
}

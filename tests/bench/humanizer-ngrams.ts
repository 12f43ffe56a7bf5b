/**
 * Which word n-grams the humanizer's output overuses compared with human essays: the audit behind the engine's
 * choice of replacements (issue 13, round 3). A humanizer that swaps "In conclusion," for "To sum up," removes one
 * stock phrase and writes another that students almost never use; this lists such phrases from data.
 *
 * Texts: machine essays of the TRAINING prompts of ../shared/datasets/essays (every n-th, no attack), humanized in
 * normal mode; human essays of the training prompts (native and second-language writers). For every 2–5-gram seen
 * in at least `--prompts` different prompts of the output (so topic words drop out) it prints the share of outputs
 * that contain it, the share of machine inputs and of human essays, and the ratio output : human. "introduced"
 * marks n-grams the engine writes far more often than it found them (output ≥ 2 × input): its own choices.
 *
 *   ./node_modules/.bin/node tests/bench/humanizer-ngrams.ts [--texts=700] [--top=60] [--prompts=25]
 *
 * Prints figures, asserts nothing; skips with a message when ../shared/datasets/essays is absent.
 */
import { humanize } from '../../server/engines/humanizer/index.ts';
import { heldOut, loadEssays, promptOf } from './essays.ts';

const arg = (name: string, fallback: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);

const words = (t: string) => t.toLowerCase().replace(/[’]/g, "'").match(/[a-z]+(?:'[a-z]+)?|[0-9]+|[.,;:!?]/g) ?? [];

interface Counts {
  /** Texts containing each n-gram. */
  texts: Map<string, number>;
  /** Distinct prompts among them (capped: only "at least N" is asked). */
  prompts: Map<string, Set<string>>;
}

function countNgrams(texts: Array<{ text: string; prompt: string }>, cap = 100): Counts {
  const out: Counts = { texts: new Map(), prompts: new Map() };
  for (const { text, prompt } of texts) {
    const w = words(text);
    const seen = new Set<string>();
    for (let n = 2; n <= 5; n++) {
      for (let i = 0; i + n <= w.length; i++) {
        const gram = w.slice(i, i + n);
        if (gram.some((x) => /^[.;:!?]$/.test(x))) continue;
        const key = gram.join(' ');
        if (seen.has(key)) continue;
        seen.add(key);
        out.texts.set(key, (out.texts.get(key) ?? 0) + 1);
        let p = out.prompts.get(key);
        if (!p) out.prompts.set(key, (p = new Set()));
        if (p.size < cap) p.add(prompt);
      }
    }
  }
  return out;
}

/** The audit as lines of a Markdown table. */
export function humanizerNgramAudit(options: { texts?: number; top?: number; prompts?: number } = {}): string[] {
  const rows = loadEssays();
  if (!rows) return ['**Humanizer n-gram audit**: skipped, ../shared/datasets/essays is absent'];
  const training = rows.filter((r) => !heldOut(r) && !r.attack);
  const machineAll = training.filter((r) => r.label === 'ai');
  const want = options.texts ?? 700;
  const step = Math.max(1, Math.floor(machineAll.length / want));
  const machine = machineAll.filter((_, i) => i % step === 0).slice(0, want);
  const human = training.filter((r) => r.label === 'human');
  const minPrompts = options.prompts ?? 25;

  const inputs = countNgrams(machine.map((r) => ({ text: r.text, prompt: promptOf(r) })));
  const outputs = countNgrams(machine.map((r, i) => ({ text: humanize(r.text, { seed: i }).text, prompt: promptOf(r) })));
  const people = countNgrams(human.map((r) => ({ text: r.text, prompt: promptOf(r) })));
  const share = (c: Counts, key: string, n: number) => (c.texts.get(key) ?? 0) / n;

  const found: Array<{ key: string; out: number; input: number; human: number; ratio: number; weight: number }> = [];
  for (const [key, n] of outputs.texts) {
    if (n < machine.length * 0.004 || (outputs.prompts.get(key)?.size ?? 0) < minPrompts) continue;
    const out = n / machine.length;
    const h = share(people, key, human.length);
    const ratio = (out + 0.001) / (h + 0.001);
    if (ratio < 2.5) continue;
    found.push({ key, out, input: share(inputs, key, machine.length), human: h, ratio, weight: out * Math.log(ratio) });
  }
  found.sort((a, b) => b.weight - a.weight);
  const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
  const lines = [
    `**Humanizer n-gram audit**: ${machine.length} machine essays of training prompts humanized (normal), against ${human.length} human essays; n-grams in ≥ ${minPrompts} prompts, output ≥ 2.5 × human`,
    '',
    '| n-gram | outputs with it | machine inputs | human essays | output : human | |',
    '|---|---|---|---|---|---|',
  ];
  for (const f of found.slice(0, options.top ?? 60)) {
    lines.push(`| ${f.key} | ${pct(f.out)} | ${pct(f.input)} | ${(f.human * 100).toFixed(2)} % | ${f.ratio.toFixed(1)} | ${f.out >= 2 * f.input + 0.005 ? 'introduced' : ''} |`);
  }
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of humanizerNgramAudit({ texts: arg('texts', 700), top: arg('top', 60), prompts: arg('prompts', 25) })) console.log(line);
}

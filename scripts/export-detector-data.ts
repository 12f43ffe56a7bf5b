/**
 * Writes the detector's training and evaluation texts, with v3's prompt-disjoint split and folds, to
 * training/.cache/detector-texts.jsonl for the Python training tools (training/). The file is a cache of the raw data
 * in ../shared (never committed: .gitignore); every row keeps what the figures are broken down by.
 *   --permissive   only permissively licensed rows (as npm run train:detector -- --permissive)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../server/engines/detector/train/dataset.ts';
import { MIN_WORDS, loadTrainingTexts } from '../server/engines/detector/train/train.ts';
import { proseOf } from '../server/engines/detector/text.ts';

const permissive = process.argv.includes('--permissive');
const texts = loadTrainingTexts({ permissive });
const dir = join(PROJECT_ROOT, 'training/.cache');
mkdirSync(dir, { recursive: true });
const file = join(dir, permissive ? 'detector-texts-permissive.jsonl' : 'detector-texts.jsonl');
const lines = texts.map((t) => {
  const prose = proseOf(t.text);
  return JSON.stringify({
    prose: prose.text, qualifies: prose.words >= MIN_WORDS, label: t.label, split: t.split, fold: t.fold, group: t.group, source: t.source, domain: t.domain,
    writer: t.writer, generator: t.generator, attack: t.attack, cefr: t.cefr,
  });
});
writeFileSync(file, lines.join('\n') + '\n');
console.log(`wrote ${texts.length} texts to ${file}`);

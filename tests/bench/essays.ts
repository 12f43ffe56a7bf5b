/**
 * The machine and human essays of ../shared/datasets/essays, split by prompt: a fixed fifth of the prompts is held
 * out (never used to learn anything), the rest may be used to learn rewrites. Texts stay in ../shared; nothing
 * here is copied into the project.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
/** Where the shared essay dataset lives (beside the project). */
export const ESSAYS_DIR = join(root, '../shared/datasets/essays');

/** One row of the dataset's JSONL files (the fields the engine's tools use). */
export interface EssayRow {
  text: string;
  label: 'human' | 'ai';
  source: string;
  writer: string;
  prompt_id: string | null;
  id: string;
  generator: string | null;
  attack: string | null;
  meta: Record<string, unknown>;
}

const FOLDERS = ['argugpt_machine', 'ndhal_fce_prompts_gpt', 'nyuad_course_answers', 'outfox_persuade', 'ielts_task2_l2', 'wi_bea2019_l2', 'fce_bea2019_l2'];

function fnv(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** The prompt a row answers (its own id when the source gives none). */
export const promptOf = (row: EssayRow) => row.prompt_id ?? `${row.source}/${row.id}`;

/** True for rows whose prompt is held out: one prompt in five, chosen by a hash of the prompt id. */
export const heldOut = (row: EssayRow) => fnv(promptOf(row)) % 5 === 0;

let cache: EssayRow[] | undefined;

/** Every row of the dataset, or undefined when ../shared is absent (CI has no ../shared). */
export function loadEssays(dir = ESSAYS_DIR): EssayRow[] | undefined {
  if (cache) return cache;
  if (!existsSync(dir)) return undefined;
  const rows: EssayRow[] = [];
  for (const folder of FOLDERS) {
    const file = join(dir, folder, 'data.jsonl');
    if (!existsSync(file)) continue;
    for (const line of readFileSync(file, 'utf8').split('\n')) if (line.trim()) rows.push(JSON.parse(line) as EssayRow);
  }
  cache = rows;
  return rows;
}

/** Machine essays of held-out prompts as their generator wrote them (no paraphrase or attack applied). */
export function heldOutMachineEssays(rows = loadEssays()): EssayRow[] {
  return (rows ?? []).filter((r) => r.label === 'ai' && !r.attack && heldOut(r));
}

/**
 * The training tools' Python environment (training/requirements.txt), made on first use: TRAIN_VENV, else
 * training/.venv. Shared by the npm scripts that run training/ (train:encoder, train:paraphraser).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../server/models/index.ts';

/** Runs a command in the project root; exits with its status when it fails. */
export function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env): void {
  const r = spawnSync(cmd, args, { stdio: 'inherit', cwd: PROJECT_ROOT, env });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

/** The environment's python, made (a venv and the pinned requirements) when missing. */
export function trainingPython(): string {
  const venv = process.env.TRAIN_VENV ?? join(PROJECT_ROOT, 'training/.venv');
  const python = join(venv, 'bin/python');
  if (!existsSync(python)) {
    run('python3', ['-m', 'venv', venv]);
    run(python, ['-m', 'pip', 'install', '-q', '-r', join(PROJECT_ROOT, 'training/requirements.txt')]);
  }
  return python;
}

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Issue 31: layers import downward only. A file's layer is its folder (`server/services`, `src/stores`, …; a file
 * directly under `server/` or `src/` is its own layer); each layer lists the layers it may import. Static imports,
 * re-exports, dynamic imports and worker scripts (`new URL('./x.ts', import.meta.url)`) all count.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

// The shared bottom of the site: what the server may read of src/ too.
const sharedSrc = ['src/domain', 'src/i18n', 'src/config'];
const serverBase = ['server/lib', 'server/config.ts', 'server/errors.ts', 'server/envelope.ts', 'server/log-redaction.ts', 'server/site-origin.ts', 'server/types', ...sharedSrc];

const allowed: Record<string, string[]> = {
  // The site, top to bottom: pages → layouts → components → islands → stores → lib → domain.
  'src/pages': ['src/styles', 'src/layouts', 'src/components', 'src/islands', 'src/stores', 'src/lib', ...sharedSrc],
  'src/layouts': ['src/styles', 'src/components', 'src/islands', 'src/stores', 'src/lib', ...sharedSrc],
  'src/components': ['src/islands', 'src/stores', 'src/lib', ...sharedSrc],
  'src/islands': ['src/stores', 'src/lib', ...sharedSrc],
  'src/stores': ['src/lib', ...sharedSrc],
  'src/lib': sharedSrc,
  'src/domain': ['src/i18n', 'src/config'],
  'src/i18n': ['src/config'],
  'src/config': [],
  // The server: main → app → routes (plugins, payments) → jobs → services → engines, db, mail, models, llm → lib.
  'server/main.ts': ['server/app.ts', 'server/db', 'server/engines', 'server/llm', 'server/models', 'server/payments', 'server/services', ...serverBase],
  'server/app.ts': ['server/csp.ts', 'server/routes', 'server/plugins', 'server/payments', 'server/jobs', 'server/services', 'server/db', 'server/llm', 'server/mail', ...serverBase],
  'server/routes': ['server/csp.ts', 'server/plugins', 'server/payments', 'server/jobs', 'server/services', 'server/db', ...serverBase],
  'server/plugins': ['server/services', 'server/db', ...serverBase],
  'server/payments': ['server/services', 'server/db', ...serverBase],
  'server/jobs': ['server/services', 'server/engines', 'server/db', 'server/llm', 'server/models', ...serverBase],
  'server/services': ['server/engines', 'server/db', 'server/mail', 'server/llm', 'server/models', ...serverBase],
  'server/engines': ['server/llm', 'server/models', ...serverBase],
  'server/llm': ['server/models', ...serverBase],
  'server/models': serverBase,
  'server/mail': serverBase,
  'server/db': serverBase,
  'server/lib': [],
  'server/csp.ts': [],
  'server/config.ts': ['server/models', 'server/lib', ...sharedSrc],
  'server/errors.ts': sharedSrc,
  'server/envelope.ts': serverBase,
  'server/log-redaction.ts': [],
  'server/site-origin.ts': [],
  'server/types': [],
};

function filesUnder(folder: string): string[] {
  return readdirSync(join(root, folder)).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(join(root, path)).isDirectory()) return name === 'node_modules' ? [] : filesUnder(path);
    return /\.(ts|tsx|astro|mjs)$/.test(name) ? [path] : [];
  });
}

const layerOf = (path: string) => {
  const [top, second] = path.split(sep);
  return second === undefined ? top! : `${top}/${second}`;
};

const specifiers = /(?:^|[^\w.])(?:import|export)\s[^'"`;]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|new URL\(\s*['"](\.[^'"]+)['"]\s*,\s*import\.meta\.url|^\s*import\s+['"]([^'"]+)['"]/gm;

/** Every relative import of every file of server/ and src/, as [file, the file it reaches]. */
function imports(): [string, string][] {
  const out: [string, string][] = [];
  for (const file of [...filesUnder('server'), ...filesUnder('src')]) {
    const text = readFileSync(join(root, file), 'utf8');
    for (const match of text.matchAll(specifiers)) {
      const spec = match[1] ?? match[2] ?? match[3] ?? match[4];
      // Code only: a folder or a data file reached by URL (a model, a dataset) is not an import.
      if (!spec?.startsWith('.') || !/\.(ts|tsx|astro|mjs|js|css)$/.test(spec)) continue;
      out.push([file, relative(root, normalize(join(root, dirname(file), spec)))]);
    }
  }
  return out;
}

describe('layers import downward only (issue 31)', () => {
  const all = imports();

  it('reads the imports it judges', () => {
    // A parser that found nothing would pass everything.
    expect(all.length).toBeGreaterThan(1_000);
    expect(all).toContainEqual(['server/app.ts', 'server/routes/tools.ts']);
    expect(all).toContainEqual(['server/jobs/pool.ts', 'server/jobs/threads.ts']);
    expect(all.some(([file, target]) => file === 'server/jobs/compute.ts' && target === 'server/jobs/compute-thread.ts')).toBe(true);
  });

  it('no layer imports one above it, and every layer is known', () => {
    const wrong: string[] = [];
    for (const [file, target] of all) {
      const from = layerOf(file);
      const to = layerOf(target);
      if (from === to) continue;
      const may = allowed[from];
      if (!may) wrong.push(`${file}: layer ${from} is not in the table`);
      else if (!may.includes(to)) wrong.push(`${file} imports ${target} (${from} may not import ${to})`);
    }
    expect(wrong).toEqual([]);
  });

  it('nothing the product runs imports tests/ or scripts/', () => {
    expect(all.filter(([, target]) => target.startsWith(`tests${sep}`) || target.startsWith(`scripts${sep}`))).toEqual([]);
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { locales } from '../../../src/i18n/locales.ts';
import { catalogs, english } from '../../../src/i18n/messages/index.ts';
import { interpolate, translate } from '../../../src/i18n/translate.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
/** Words that are the same in many languages or are names: not evidence of a missing translation. */
const universal = /^(Inkwise|Premium|Pro|Ultra|Google|WeChat Pay|Menu|Password|E-?mail|Email|USD|CAD|AUD|OK|\{\{\w+\}\}.*)$/i;

function shape(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shape);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shape(v)]));
  return typeof value;
}

function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

describe('interface catalogs', () => {
  const englishKeys = Object.keys(english);

  it.each(locales.map((l) => l.code))('[SITE-19] %s has every English key and no other', (code) => {
    const keys = Object.keys(catalogs[code]);
    expect(englishKeys.filter((k) => !keys.includes(k)), 'missing keys').toEqual([]);
    expect(keys.filter((k) => !englishKeys.includes(k)), 'keys English does not have').toEqual([]);
  });

  it.each(locales.map((l) => l.code))('[SITE-19] %s keeps every placeholder and leaves no value empty', (code) => {
    for (const key of englishKeys) {
      const value = catalogs[code][key as keyof typeof english];
      expect(value, key).toBeTruthy();
      expect(placeholders(value!), key).toEqual(placeholders(english[key as keyof typeof english]));
    }
  });

  it.each(locales.filter((l) => l.code !== 'en').map((l) => l.code))('[SITE-19] %s is translated, not an English copy', (code) => {
    const same = englishKeys.filter((key) => {
      const value = catalogs[code][key as keyof typeof english];
      return value === english[key as keyof typeof english] && !universal.test(value!);
    });
    expect(same.length / englishKeys.length, `untranslated: ${same.join(', ')}`).toBeLessThan(0.03);
  });

  it.each(['zh', 'zh-TW', 'ja', 'ko', 'ru', 'ar', 'th', 'el'] as const)('[SITE-19] %s writes the plan names in its own script, not in Latin letters', (code) => {
    const planKeys = Object.keys(english).filter((key) => /^(pricing\.(basic|pro|free)\.name|membership\.|product\.(premium|pro))/.test(key) || key === 'account.tryPremium');
    expect(planKeys.length).toBeGreaterThan(10);
    const latin = planKeys.filter((key) => /[A-Za-z]/.test(catalogs[code][key as keyof typeof english]!));
    expect(latin, 'plan names in Latin letters').toEqual([]);
  });

  it('interpolates {{name}} placeholders and keeps unknown ones', () => {
    expect(interpolate('Hi {{name}}, {{ count }} left {{other}}', { name: 'Ana', count: 3 })).toBe('Hi Ana, 3 left {{other}}');
    expect(translate('fr', 'footer.rights', { year: 2026, name: 'Inkwise' })).toContain('2026');
  });
});

describe('marketing copy (content collections)', () => {
  const pagesDir = join(root, 'src/content/pages');
  const englishPages = readdirSync(join(pagesDir, 'en')).sort();
  const read = (code: string, page: string) => JSON.parse(readFileSync(join(pagesDir, code, page), 'utf8')) as unknown;

  it.each(locales.map((l) => l.code))('[SITE-19] %s has every page with the English structure, translated', (code) => {
    expect(readdirSync(join(pagesDir, code)).sort()).toEqual(englishPages);
    for (const page of englishPages) {
      const copy = read(code, page);
      const source = read('en', page);
      expect(shape(copy), `${code}/${page}`).toEqual(shape(source));
      if (code !== 'en') {
        const pairs = strings(copy).map((text, i) => [text, strings(source)[i]]);
        const copied = pairs.filter(([a, b]) => a === b && !universal.test(a!));
        expect(copied, `${code}/${page} copies English`).toEqual([]);
      }
    }
  });

  it.each(locales.map((l) => l.code))('[TOOL-06] %s: the essay editor and AI writer pages promise only what the tools do (no Word export, no file import, no "opens in the editor")', (code) => {
    // The editor has no download and no file upload: its page offered a DOCX export and PDF/DOC/DOCX import.
    const editor = strings(read(code, 'ai-editor.json')).join('\n');
    expect(editor).not.toMatch(/DOCX|PDF|\bDOC\b|\bWord\b|10\s?(MB|Mo|ميغابايت)/);
    if (code === 'en') {
      expect(editor).not.toMatch(/highlighted|download/i);
      // The writer's outline maps the user's sources to claims; nothing opens "in the editor".
      expect(strings(read(code, 'ai-writer.json')).join('\n')).not.toMatch(/opens in the editor/i);
    }
  });
});

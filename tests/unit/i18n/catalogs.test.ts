import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { baseKeyOf, joinSentences, pluralLangEntry, translateFrom } from '../../../src/i18n/interpolate.ts';
import { islandMessages } from '../../../src/i18n/island-messages.ts';
import { localeInfo, locales, type Locale } from '../../../src/i18n/locales.ts';
import { catalogs, english } from '../../../src/i18n/messages/index.ts';
import { interpolate, translate } from '../../../src/i18n/translate.ts';
import { rewriterMessages } from '../../../src/islands/EssayRewriter/page-messages.ts';

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
  const englishCatalog: Record<string, string> = english;
  const catalogOf = (code: Locale): Record<string, string> => catalogs[code] as Record<string, string>;
  /** Message keys without plural suffixes, each once. */
  const baseKeys = (keys: string[]) => [...new Set(keys.map(baseKeyOf))].sort();
  /** English messages with plural forms (`key_one`, `key_other`). */
  const pluralKeys = baseKeys(englishKeys).filter((key) => `${key}_other` in englishCatalog);
  const categoriesOf = (code: Locale) => new Intl.PluralRules(localeInfo(code).lang).resolvedOptions().pluralCategories as string[];
  const withoutCount = (text: string) => placeholders(text).filter((name) => name !== 'count');

  /** The forms a locale's file holds: its language's categories, and English's (so every file has every English key). */
  const formsOf = (code: Locale) => [...new Set([...categoriesOf(code), ...categoriesOf('en')])].sort();

  it.each(locales.map((l) => l.code))('[SITE-19] %s has every English key and no other, each plural message in the forms its language needs and English\'s', (code) => {
    expect(englishKeys.filter((k) => !(k in catalogOf(code))), 'English keys missing').toEqual([]);
    const keys = Object.keys(catalogOf(code));
    const expected = baseKeys(englishKeys);
    expect(expected.filter((k) => !baseKeys(keys).includes(k)), 'missing keys').toEqual([]);
    expect(baseKeys(keys).filter((k) => !expected.includes(k)), 'keys English does not have').toEqual([]);
    for (const key of pluralKeys) {
      const forms = keys.filter((k) => k !== key && baseKeyOf(k) === key).map((k) => k.slice(key.length + 1)).sort();
      expect(forms, `${key}: the plural forms of ${code} (Intl.PluralRules, and English's)`).toEqual(formsOf(code));
      expect(keys, `${key} must be only in its plural forms`).not.toContain(key);
    }
  });

  it.each(locales.map((l) => l.code))('[SITE-19] %s keeps every placeholder and leaves no value empty', (code) => {
    const catalog = catalogOf(code);
    for (const key of baseKeys(englishKeys)) {
      if (!pluralKeys.includes(key)) {
        expect(catalog[key], key).toBeTruthy();
        expect(placeholders(catalog[key]!), key).toEqual(placeholders(englishCatalog[key]!));
        continue;
      }
      const source = englishCatalog[`${key}_other`]!;
      expect(placeholders(catalog[`${key}_other`] ?? ''), `${key}_other`).toEqual(placeholders(source));
      // A form for one number may spell it out ("كلمة واحدة", one word): only {{count}} may be left out.
      for (const category of categoriesOf(code)) {
        expect(catalog[`${key}_${category}`], `${key}_${category}`).toBeTruthy();
        expect(withoutCount(catalog[`${key}_${category}`]!), `${key}_${category}`).toEqual(withoutCount(source));
      }
    }
  });

  it('[SITE-19] every English message that counts a noun ("{{count}} words") has plural forms, so no page shows "1 words"', () => {
    // Any placeholder before the noun it counts, maybe through an adjective: "{{count}} words", "{{bonus}} extra beans", "{{days}} days".
    const counted = /\{\{\s*(\w+)\s*\}\}\s+(?:(?:free|extra|more|additional|new)\s+)?(?:words?|beans?|versions?|sentences?|documents?|sources?|seconds?|minutes?|hours?|days?)\b/g;
    const offending = englishKeys.flatMap((key) =>
      [...englishCatalog[key]!.matchAll(counted)]
        // Only `count` chooses a plural form, and only in a message that has them: any other counted param
        // (a second number in the sentence) or a `count` without forms would read "1 beans" for some number.
        .filter((m) => !(m[1] === 'count' && baseKeyOf(key) !== key))
        .map((m) => `${key}: ${m[0]}`),
    );
    expect(offending, 'counts without plural forms (one `count` per message, in key_one/key_other)').toEqual([]);
  });

  it('[SITE-19] the welcome offer and the referral rewards count one number per sentence, each in its own plural form', () => {
    const welcome = (code: Locale, beans: number, days: number) =>
      joinSentences(localeInfo(code).lang, [translate(code, 'welcome.beans', { count: beans }), translate(code, 'welcome.discount', { amount: 20, count: days })]);
    expect(welcome('en', 1, 1)).toBe('Your account comes with 1 free bean to try every tool. You also get 20% off your first plan for 1 day.');
    expect(welcome('en', 100, 7)).toBe('Your account comes with 100 free beans to try every tool. You also get 20% off your first plan for 7 days.');
    expect([1, 3, 5, 21].map((count) => translate('ru', 'welcome.beans', { count }))).toEqual([
      'В вашем аккаунте уже есть 1 бесплатное зерно, чтобы попробовать все инструменты.',
      'В вашем аккаунте уже есть 3 бесплатных зерна, чтобы попробовать все инструменты.',
      'В вашем аккаунте уже есть 5 бесплатных зёрен, чтобы попробовать все инструменты.',
      'В вашем аккаунте уже есть 21 бесплатное зерно, чтобы попробовать все инструменты.',
    ]);
    expect([1, 3, 7].map((count) => translate('ru', 'welcome.discount', { amount: 20, count }).split('— ')[1])).toEqual(['она действует 1 день.', 'она действует 3 дня.', 'она действует 7 дней.']);
    expect([1, 3, 5].map((count) => translate('ru', 'referral.howSignup', { count }))).toEqual([
      'Вы получите 1 зерно, когда они зарегистрируются.',
      'Вы получите 3 зерна, когда они зарегистрируются.',
      'Вы получите 5 зёрен, когда они зарегистрируются.',
    ]);
    expect([1, 2, 5].map((count) => translate('pl', 'referral.howPayment', { count }))).toEqual([
      'Po ich pierwszej płatności dostaniesz jeszcze 1 ziarno.',
      'Po ich pierwszej płatności dostaniesz jeszcze 2 ziarna.',
      'Po ich pierwszej płatności dostaniesz jeszcze 5 ziaren.',
    ]);
    expect([1, 2, 7, 50].map((count) => translate('ar', 'referral.howBonus', { count }))).toEqual([
      'يحصل الأصدقاء الذين يسجّلون عبر رابطك على حبّة إضافية واحدة.',
      'يحصل الأصدقاء الذين يسجّلون عبر رابطك على حبّتين إضافيتين.',
      'يحصل الأصدقاء الذين يسجّلون عبر رابطك على 7 حبّات إضافية.',
      'يحصل الأصدقاء الذين يسجّلون عبر رابطك على 50 حبّة إضافية.',
    ]);
    // Japanese and Chinese put sentences together without a space; the others with one.
    expect(welcome('ja', 100, 7)).toBe('アカウントには無料の100ビーンズが付いているので、すべてのツールをお試しいただけます。さらに7日間は、最初のプランが20%オフになります。');
    expect(welcome('zh-TW', 100, 7)).toBe('你的帳號附贈 100 顆免費豆子，每個工具都能試用。7 天內購買第一個方案還可享 20% 折扣。');
    expect(welcome('de', 1, 7)).toBe('Dein Konto enthält 1 kostenlose Bohne, mit der du jedes Tool ausprobieren kannst. Außerdem bekommst du 7 Tage lang 20 % Rabatt auf deinen ersten Tarif.');
  });

  it('[SITE-19] chooses the plural form of the reader\'s language by Intl.PluralRules, with the English forms and the plain key as fallbacks', () => {
    expect(translate('en', 'history.words', { count: 1 })).toBe('1 word');
    expect(translate('en', 'history.words', { count: 0 })).toBe('0 words');
    expect(translate('en', 'history.words', { count: 2 })).toBe('2 words');
    expect([1, 3, 5, 21, 1.5].map((count) => translate('ru', 'history.words', { count }))).toEqual(['1 слово', '3 слова', '5 слов', '21 слово', '1.5 слова']);
    expect([1, 2, 5, 22, 25].map((count) => translate('pl', 'history.versions', { count }))).toEqual(['1 wersja', '2 wersje', '5 wersji', '22 wersje', '25 wersji']);
    expect([0, 1, 2, 3, 11, 100].map((count) => translate('ar', 'history.versions', { count }))).toEqual(['لا نسخ', 'نسخة واحدة', 'نسختان', '3 نسخ', '11 نسخة', '100 نسخة']);
    expect([1, 5].map((count) => translate('ja', 'history.words', { count }))).toEqual(['1語', '5語']);
    expect(translate('fr', 'account.balance', { count: 1 })).toBe('1 grain');
    expect(translate('in', 'account.balance', { count: 1 })).toBe(catalogOf('in')['account.balance_other']!.replace('{{count}}', '1'));
    // The count may come as a string (a form field); a message without forms ignores it.
    expect(translate('de', 'history.words', { count: '1' })).toBe('1 Wort');
    // … or formatted for the reader ("1 201" in Russian is one: слово; "1,200" in English is other).
    expect(translate('ru', 'history.words', { count: new Intl.NumberFormat('ru').format(1201) })).toMatch(/^1\s201 слово$/);
    expect(translate('ru', 'history.words', { count: new Intl.NumberFormat('ru').format(1200) })).toMatch(/^1\s200 слов$/);
    expect(translate('en', 'history.words', { count: '1,200' })).toBe('1,200 words');
    expect(translate('en', 'footer.rights', { year: 2026, name: 'Inkwise', count: 1 })).toContain('2026');
  });

  /** What an island's translator does (src/islands/shared/i18n.tsx): its messages name the language whose rules apply. */
  const translator = (messages: Record<string, string>) => (key: string, params?: Record<string, string | number>) => translateFrom(messages, messages[pluralLangEntry] ?? 'en', key, params);

  it('[SITE-19] an island chooses plural forms from its own messages, which carry every form its language needs and no catalog', () => {
    const ru = islandMessages('ru', ['history.']) as Record<string, string>;
    expect(Object.keys(ru).filter((k) => k.startsWith('history.words'))).toEqual(['history.words_one', 'history.words_few', 'history.words_many', 'history.words_other']);
    expect(Object.keys(ru).some((k) => k.startsWith('editor.'))).toBe(false);
    // A Japanese file also holds English's `_one` (every file has every English key); the island gets only `_other`.
    const ja = islandMessages('ja', ['history.']) as Record<string, string>;
    expect('history.words_one' in catalogs.ja).toBe(true);
    expect(Object.keys(ja).filter((k) => k.startsWith('history.words'))).toEqual(['history.words_other']);
    expect(Object.keys(rewriterMessages('ja')).some((k) => k.endsWith('_one'))).toBe(false);
    const t = translator(ru);
    expect([1, 4, 5].map((count) => t('history.words', { count }))).toEqual(['1 слово', '4 слова', '5 слов']);
    const ar = translator(islandMessages('ar', ['account.']) as Record<string, string>);
    expect([2, 7].map((count) => ar('account.balance', { count }))).toEqual(['حبّتان', '7 حبّات']);
    // A tool island's few shared keys bring their plural forms too.
    const pl = translator(rewriterMessages('pl'));
    expect([1, 3, 12].map((count) => pl('humanizer.price', { count }))).toEqual(['Koszt: 1 ziarno', 'Koszt: 3 ziarna', 'Koszt: 12 ziaren']);
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

import { describe, expect, it } from 'vitest';
import { isLocale, localeInfo, locales, matchLocale, pickLocale } from '../../../src/i18n/locales.ts';

describe('locale table', () => {
  it('[SITE-01] lists exactly the 20 locales of the spec, in order', () => {
    expect(locales.map((l) => l.code)).toEqual([
      'en', 'zh', 'zh-TW', 'ja', 'ko', 'es', 'fr', 'ru', 'ar', 'th', 'de', 'in', 'el', 'fi', 'pt', 'pl', 'da', 'nl', 'tr', 'it',
    ]);
  });

  it('[SITE-01] treats `in` as Indonesian with the HTML language `id`', () => {
    expect(localeInfo('in').lang).toBe('id');
    expect(isLocale('id')).toBe(false);
    expect(matchLocale('id-ID')).toBe('in');
  });

  it('[SITE-01] marks Arabic, and only Arabic, right-to-left', () => {
    expect(locales.filter((l) => l.dir === 'rtl').map((l) => l.code)).toEqual(['ar']);
  });

  it('matches browser language tags to supported locales', () => {
    expect(matchLocale('pt-BR')).toBe('pt');
    expect(matchLocale('zh-CN')).toBe('zh');
    expect(matchLocale('zh-Hant-HK')).toBe('zh-TW');
    expect(matchLocale('zh-tw')).toBe('zh-TW');
    expect(matchLocale('EN_us')).toBe('en');
    expect(matchLocale('sv-SE')).toBeUndefined();
    expect(matchLocale('')).toBeUndefined();
  });

  it('[LOC-01] prefers the stored `lang`, then the browser languages, then en', () => {
    expect(pickLocale(['fr', 'de-DE'])).toBe('fr');
    expect(pickLocale(['', 'sv', 'de-DE', 'fr'])).toBe('de');
    expect(pickLocale([undefined, 'sv'])).toBe('en');
    expect(pickLocale([])).toBe('en');
  });
});

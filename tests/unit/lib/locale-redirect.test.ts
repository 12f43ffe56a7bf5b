import { describe, expect, it } from 'vitest';
import { fallbackTarget } from '../../../src/lib/locale-redirect.ts';

const at = (href: string) => {
  const url = new URL(href, 'https://example.test');
  return { pathname: url.pathname, search: url.search, hash: url.hash };
};

describe('static fallback redirects', () => {
  it('[LOC-01] sends / to the chosen locale, keeping the query', () => {
    expect(fallbackTarget(at('/?source=ad'), () => 'ja')).toBe('/ja?source=ad');
  });

  it('[SITE-05] applies alias and legacy rules like the server', () => {
    expect(fallbackTarget(at('/fr/aidetector?x=1'), () => 'en')).toBe('/fr/ai-detector?x=1');
    expect(fallbackTarget(at('/reference-checker'), () => 'en')).toBe('/en/refchecker');
  });

  it('[SITE-04] shows unknown paths their locale’s not-found page and stays on real pages', () => {
    expect(fallbackTarget(at('/de/nope'), () => 'de')).toBe('/de/not-found');
    // 404.html itself is the English not-found page.
    expect(fallbackTarget(at('/nope/at/all'), () => 'de')).toBeUndefined();
    expect(fallbackTarget(at('/de/ai-detector'), () => 'de')).toBeUndefined();
  });

  it('moves an invite code into the query where the host cannot rewrite', () => {
    expect(fallbackTarget(at('/invite/AB12'), () => 'ko')).toBe('/ko/invite/AB12');
    expect(fallbackTarget(at('/ko/invite/AB12'), () => 'en')).toBe('/ko/invite?code=AB12');
  });
});

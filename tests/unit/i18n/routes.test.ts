import { describe, expect, it } from 'vitest';
import { locales } from '../../../src/i18n/locales.ts';
import { aliases, allPagePaths, hiddenRoutes, localizedPath, resolvePath, routes, staticRedirectRules, switchLocalePath } from '../../../src/i18n/routes.ts';
import { headerNav, toolsMenu } from '../../../src/lib/navigation.ts';

describe('route table', () => {
  it('[SITE-07] has a screen for every path of spec §2, plus AIWriter and AIEditor', () => {
    expect(Object.values(routes)).toEqual(
      expect.arrayContaining([
        '', 'welcome', 'login', 'signup', 'reset-password', 'essay-humanizer', 'ai-detector', 'plagiarism-checker',
        'essay-rewriter', 'refchecker', 'try-premium', 'try-premium/wechat', 'history', 'user/profile', 'user/invite',
        'user/subscription', 'user/subscription/orders', 'invite', 'ai-humanizer-tool-test', 'ai-writer', 'ai-editor',
      ]),
    );
  });

  it('[SITE-01] pre-renders every route in every locale under /{locale}', () => {
    const paths = allPagePaths();
    expect(paths).toHaveLength(locales.length * Object.keys(routes).length);
    for (const { locale, path } of paths) expect(path.startsWith(`/${locale}`)).toBe(true);
  });

  it('[SITE-01] resolves every localized page to its pre-rendered file, with or without a trailing slash', () => {
    for (const { path, locale, route } of allPagePaths()) {
      for (const form of [path, `${path}/`]) {
        const resolved = resolvePath(form);
        expect(resolved).toMatchObject({ kind: 'page', locale, route });
      }
    }
    expect(resolvePath('/fr/user/subscription/orders')).toEqual({
      kind: 'page', locale: 'fr', route: 'userOrders', file: 'fr/user/subscription/orders/index.html',
    });
    expect(resolvePath('/en')).toMatchObject({ file: 'en/index.html' });
  });

  it('[SITE-05] sends each alias to its screen with a permanent redirect, in every locale', () => {
    expect(resolvePath('/en/ai-humanizer')).toEqual({ kind: 'redirect', location: '/en/essay-humanizer', status: 301 });
    expect(resolvePath('/de/aidetector')).toEqual({ kind: 'redirect', location: '/de/ai-detector', status: 301 });
    expect(resolvePath('/ar/plagchecker')).toEqual({ kind: 'redirect', location: '/ar/plagiarism-checker', status: 301 });
    expect(resolvePath('/zh-TW/rewriter')).toEqual({ kind: 'redirect', location: '/zh-TW/essay-rewriter', status: 301 });
    expect(resolvePath('/in/reference-checker')).toEqual({ kind: 'redirect', location: '/in/refchecker', status: 301 });
  });

  it('[SITE-06] [SITE-03] redirects the legacy unprefixed paths to the locale-prefixed screens', () => {
    const legacy: Record<string, string> = {
      '/ai-writer': '/en/ai-writer',
      '/plagiarism-checker': '/en/plagiarism-checker',
      '/essay-rewriter': '/en/essay-rewriter',
      '/ai-detector': '/en/ai-detector',
      '/ai-humanizer': '/en/essay-humanizer',
      '/reference-checker': '/en/refchecker',
      '/aidetector': '/en/ai-detector',
      '/login': '/en/login',
      '/user/subscription/orders': '/en/user/subscription/orders',
      '/try-premium/wechat/': '/en/try-premium/wechat',
    };
    for (const [from, to] of Object.entries(legacy)) {
      expect(resolvePath(from), from).toEqual({ kind: 'redirect', location: to, status: 301 });
    }
  });

  it('[SITE-02] [SITE-08] redirects an unknown locale to the default locale, keeping a known path', () => {
    expect(resolvePath('/xx/login')).toEqual({ kind: 'redirect', location: '/en/login', status: 302 });
    expect(resolvePath('/sv')).toEqual({ kind: 'redirect', location: '/en', status: 302 });
    expect(resolvePath('/xx/aidetector')).toEqual({ kind: 'redirect', location: '/en/ai-detector', status: 302 });
    // Other spellings of a supported locale go to it.
    expect(resolvePath('/id/login')).toEqual({ kind: 'redirect', location: '/in/login', status: 301 });
    expect(resolvePath('/zh-CN/ai-detector')).toEqual({ kind: 'redirect', location: '/zh/ai-detector', status: 301 });
    expect(resolvePath('/EN')).toEqual({ kind: 'redirect', location: '/en', status: 301 });
  });

  it('[SITE-04] redirects unknown paths to the default locale', () => {
    expect(resolvePath('/en/no-such-page')).toEqual({ kind: 'redirect', location: '/en', status: 302 });
    expect(resolvePath('/fr/user/nothing')).toEqual({ kind: 'redirect', location: '/en', status: 302 });
    expect(resolvePath('/some/deep/unknown/path')).toEqual({ kind: 'redirect', location: '/en', status: 302 });
    expect(resolvePath('/%E0%A4%A')).toEqual({ kind: 'redirect', location: '/en', status: 302 });
  });

  it('leaves files with an extension to the static file lookup', () => {
    expect(resolvePath('/_astro/page.abc123.js')).toEqual({ kind: 'asset' });
    expect(resolvePath('/robots.txt')).toEqual({ kind: 'asset' });
    expect(resolvePath('/en/missing.png')).toEqual({ kind: 'asset' });
  });

  it('[LOC-01] serves the locale chooser at / and for unprefixed invite links', () => {
    expect(resolvePath('/')).toEqual({ kind: 'chooser', file: 'index.html', suffix: '' });
    expect(resolvePath('/invite/AB12CD')).toEqual({ kind: 'chooser', file: 'index.html', suffix: '/invite/AB12CD' });
    expect(resolvePath('/ko/invite/AB12CD')).toMatchObject({ kind: 'page', locale: 'ko', route: 'invite', file: 'ko/invite/index.html' });
  });

  it('[SITE-13] swaps only the locale segment of a path', () => {
    expect(switchLocalePath('/en/user/subscription/orders', 'ar')).toBe('/ar/user/subscription/orders');
    expect(switchLocalePath('/zh-TW', 'fr')).toBe('/fr');
    expect(switchLocalePath('/', 'de')).toBe('/de');
    expect(switchLocalePath('/fr/invite/XYZ', 'in')).toBe('/in/invite/XYZ');
  });

  it('[SITE-18] keeps the reference checker out of the menus', () => {
    expect(hiddenRoutes).toContain('referenceChecker');
    const menuRoutes = [...headerNav, ...toolsMenu].map((i) => i.route);
    expect(menuRoutes).not.toContain('referenceChecker');
    expect(menuRoutes).toEqual(['humanizer', 'aiDetector', 'tryPremium', 'plagiarism', 'rewriter', 'aiWriter']);
  });

  it('writes a static-host rule for every alias in every locale and every legacy path', () => {
    const rules = staticRedirectRules();
    for (const { code } of locales) {
      for (const alias of Object.keys(aliases)) {
        expect(rules).toContainEqual(expect.objectContaining({ from: `/${code}/${alias}`, status: 301 }));
      }
    }
    expect(rules).toContainEqual({ from: '/ai-detector', to: '/en/ai-detector', status: 301 });
    expect(rules).toContainEqual({ from: '/invite/*', to: '/index.html', status: 200 });
    // Every rule agrees with the server's resolver.
    for (const rule of rules.filter((r) => r.status === 301)) {
      expect(resolvePath(rule.from)).toEqual({ kind: 'redirect', location: rule.to, status: 301 });
    }
  });

  it('builds localized paths with an encoded parameter', () => {
    expect(localizedPath('en', 'home')).toBe('/en');
    expect(localizedPath('zh-TW', 'tryPremiumWeChat')).toBe('/zh-TW/try-premium/wechat');
    expect(localizedPath('fr', 'invite', 'a b')).toBe('/fr/invite/a%20b');
  });
});

import { defaultLocale, isLocale, locales, matchLocale, type Locale } from './locales.ts';

/**
 * The screens of spec §2 and their paths after `/{locale}`. Pages, header links,
 * the sitemap and every redirect rule derive from this table.
 */
export const routes = {
  home: '',
  welcome: 'welcome',
  login: 'login',
  signup: 'signup',
  resetPassword: 'reset-password',
  humanizer: 'essay-humanizer',
  aiDetector: 'ai-detector',
  plagiarism: 'plagiarism-checker',
  rewriter: 'essay-rewriter',
  referenceChecker: 'refchecker',
  aiWriter: 'ai-writer',
  aiEditor: 'ai-editor',
  tryPremium: 'try-premium',
  tryPremiumWeChat: 'try-premium/wechat',
  history: 'history',
  userProfile: 'user/profile',
  userInvite: 'user/invite',
  userSubscription: 'user/subscription',
  userOrders: 'user/subscription/orders',
  invite: 'invite',
  toolTest: 'ai-humanizer-tool-test',
  sandboxCheckout: 'checkout/sandbox',
  report: 'report',
  /** The translated "not found" page unknown paths show (status 404), with a way on. */
  notFound: 'not-found',
} as const;

export type RouteName = keyof typeof routes;

/** Routes that are pre-rendered but kept out of menus and the sitemap. */
export const hiddenRoutes: readonly RouteName[] = ['referenceChecker', 'toolTest', 'invite', 'sandboxCheckout', 'report', 'notFound'];

/**
 * Tool pages whose tool does not run yet: pre-rendered (the spec names them),
 * but kept out of the sitemap and search results until it does. Remove a route
 * from this list when its tool goes live; the Tools menu follows (src/lib/navigation.ts).
 */
export const placeholderRoutes: readonly RouteName[] = [];

/** Forms and one-off screens: reachable, but not worth a search result. */
export const utilityRoutes: readonly RouteName[] = ['welcome', 'resetPassword', 'tryPremiumWeChat'];

/** Routes that are private to a signed-in user (not indexed). */
export const privateRoutes: readonly RouteName[] = [
  'history',
  'userProfile',
  'userInvite',
  'userSubscription',
  'userOrders',
];

/** The screens listed in the sitemap: public pages meant for search results. */
export function indexedRoutes(): RouteName[] {
  const skip = new Set<RouteName>([...hiddenRoutes, ...privateRoutes, ...utilityRoutes, ...placeholderRoutes]);
  return (Object.keys(routes) as RouteName[]).filter((name) => !skip.has(name));
}

/**
 * Other names of a screen, answered with a permanent redirect to the canonical
 * path (spec §2: hidden alias ai-humanizer, aidetector, plagchecker, rewriter,
 * and the long form reference-checker of refchecker).
 */
export const aliases: Readonly<Record<string, RouteName>> = {
  'ai-humanizer': 'humanizer',
  aidetector: 'aiDetector',
  plagchecker: 'plagiarism',
  rewriter: 'rewriter',
  'reference-checker': 'referenceChecker',
  pricing: 'tryPremium',
};

const pathToRoute = new Map<string, RouteName>(
  (Object.entries(routes) as [RouteName, string][]).map(([name, path]) => [path, name]),
);

/** The localized URL path of a screen: `/fr/ai-detector`, `/en` for home. */
export function localizedPath(locale: Locale, route: RouteName, param?: string): string {
  const path = routes[route];
  const tail = param ? `${path}/${encodeURIComponent(param)}` : path;
  return tail ? `/${locale}/${tail}` : `/${locale}`;
}

/** Swaps the locale segment of a path, keeping the rest (the language switcher). */
export function switchLocalePath(pathname: string, to: Locale): string {
  const segments = pathname.split('/').filter(Boolean);
  if (segments.length > 0 && isLocale(segments[0])) segments.shift();
  return segments.length ? `/${to}/${segments.join('/')}` : `/${to}`;
}

/** Every route × locale that the build pre-renders. */
export function allPagePaths(): { locale: Locale; route: RouteName; path: string }[] {
  return locales.flatMap(({ code }) =>
    (Object.keys(routes) as RouteName[]).map((route) => ({
      locale: code,
      route,
      path: localizedPath(code, route),
    })),
  );
}

/** What a request path resolves to. */
export type Resolution =
  | { kind: 'page'; locale: Locale; route: RouteName; file: string }
  | { kind: 'chooser'; file: string; suffix: string }
  | { kind: 'redirect'; location: string; status: 301 | 302 }
  | { kind: 'notFound'; locale: Locale; file: string }
  | { kind: 'asset' };

/** Matches a path (without locale) to a canonical route, following aliases. */
function matchRoute(rest: string): { route: RouteName; canonical: boolean; param?: string } | undefined {
  const exact = pathToRoute.get(rest);
  if (exact !== undefined) return { route: exact, canonical: true };
  const alias = aliases[rest];
  if (alias) return { route: alias, canonical: false };
  const invite = /^invite\/([^/]+)$/.exec(rest);
  if (invite) return { route: 'invite', canonical: true, param: invite[1] };
  return undefined;
}

function htmlFile(locale: Locale, route: RouteName): string {
  const path = routes[route];
  return path ? `${locale}/${path}/index.html` : `${locale}/index.html`;
}

const looksLikeLocale = /^[a-z]{2,3}([-_][a-z0-9]{2,8})?$/i;
const hasExtension = /\.[a-z0-9]{1,8}$/i;

/**
 * Resolves a request path to a page, a redirect or an asset lookup. Pure: the
 * Node server, the `_redirects` file and the static fallback all use it.
 * - `/{locale}/{path}` of a known screen: the page (trailing slash ignored).
 * - `/{locale}/{alias}`: 301 to the canonical path.
 * - `/{path}` without a locale (legacy): 301 to `/en/{path}`.
 * - `/{tag}/{path}` with a tag that names a supported locale in another form
 *   (`id`, `zh-CN`, `pt-BR`, `EN`): 301 to that locale.
 * - an unknown locale with a known path: 302 to that path in the default locale.
 * - an unknown path: the translated not-found page (404) of the path's locale,
 *   the default locale when it has none (issue 11: never a silent redirect).
 * - `/` and `/invite/{code}`: the locale chooser page (local storage `lang`,
 *   then the browser language, then en).
 * - anything with a file extension: a static asset (404 when missing).
 */
export function resolvePath(rawPath: string): Resolution {
  let pathname = rawPath.split(/[?#]/)[0] ?? '/';
  try {
    pathname = decodeURIComponent(pathname);
  } catch {
    return notFound(defaultLocale);
  }
  const segments = pathname.split('/').filter(Boolean);
  if (segments.length === 0) return { kind: 'chooser', file: 'index.html', suffix: '' };
  if (hasExtension.test(pathname)) return { kind: 'asset' };

  const first = segments[0] ?? '';
  const restSegments = segments.slice(1);
  const rest = restSegments.join('/');

  if (isLocale(first)) {
    const match = matchRoute(rest);
    if (!match) return notFound(first);
    if (match.route === 'invite') {
      return { kind: 'page', locale: first, route: 'invite', file: htmlFile(first, 'invite') };
    }
    if (!match.canonical) {
      return { kind: 'redirect', location: localizedPath(first, match.route), status: 301 };
    }
    return { kind: 'page', locale: first, route: match.route, file: htmlFile(first, match.route) };
  }

  const whole = segments.join('/');
  const legacy = matchRoute(whole);
  if (legacy) {
    if (legacy.route === 'invite') {
      return { kind: 'chooser', file: 'index.html', suffix: `/${routes.invite}/${legacy.param ?? ''}` };
    }
    return { kind: 'redirect', location: localizedPath(defaultLocale, legacy.route), status: 301 };
  }

  if (looksLikeLocale.test(first)) {
    const other = matchLocale(first);
    const target = other ?? defaultLocale;
    const match = matchRoute(rest);
    if (!match && rest) return notFound(target);
    const tail = match ? localizedPath(target, match.route, match.param) : `/${target}`;
    return { kind: 'redirect', location: tail, status: other && (match || !rest) ? 301 : 302 };
  }
  return notFound(defaultLocale);
}

function notFound(locale: Locale): Resolution {
  return { kind: 'notFound', locale, file: htmlFile(locale, 'notFound') };
}

/** The redirect rules a static host needs, in `_redirects` order (most specific first). */
export function staticRedirectRules(): { from: string; to: string; status: 200 | 301 | 302 | 404 }[] {
  const rules: { from: string; to: string; status: 200 | 301 | 302 | 404 }[] = [];
  for (const { code } of locales) {
    for (const [alias, route] of Object.entries(aliases)) {
      rules.push({ from: `/${code}/${alias}`, to: localizedPath(code, route), status: 301 });
    }
    rules.push({ from: `/${code}/invite/*`, to: `/${code}/invite/index.html`, status: 200 });
  }
  for (const [name, path] of Object.entries(routes) as [RouteName, string][]) {
    if (!path || name === 'invite') continue;
    rules.push({ from: `/${path}`, to: localizedPath(defaultLocale, name), status: 301 });
  }
  for (const [alias, route] of Object.entries(aliases)) {
    rules.push({ from: `/${alias}`, to: localizedPath(defaultLocale, route), status: 301 });
  }
  rules.push({ from: '/invite/*', to: '/index.html', status: 200 });
  // Last: anything else under a locale is that locale's not-found page (hosts apply these only when no file exists).
  for (const { code } of locales) rules.push({ from: `/${code}/*`, to: `/${htmlFile(code, 'notFound')}`, status: 404 });
  rules.push({ from: '/*', to: `/${htmlFile(defaultLocale, 'notFound')}`, status: 404 });
  return rules;
}

import type { MessageKey } from '../i18n/translate.ts';
import { placeholderRoutes, type RouteName } from '../i18n/routes.ts';

/** One entry of the header and the mobile menu. */
export interface NavItem {
  route: RouteName;
  label: MessageKey;
  /** A tool whose page exists but whose engine does not run yet: listed with "coming soon". */
  soon?: boolean;
}

/** Header links in order; the Tools menu sits between the first two and pricing. */
export const headerNav: readonly NavItem[] = [
  { route: 'humanizer', label: 'nav.humanizer' },
  { route: 'aiDetector', label: 'nav.aiDetector' },
  { route: 'tryPremium', label: 'nav.pricing' },
];

/**
 * Every tool and when the Tools menu lists it: `always` for the two the spec
 * names (plagiarism checker, essay rewriter, "coming soon" while a placeholder),
 * `live` once its tool runs (issue 11: "the Tools menu lists every live tool"),
 * `never` for the reference checker (spec: reachable by URL, hidden from menus).
 */
const tools: readonly { route: RouteName; label: MessageKey; menu: 'always' | 'live' | 'never' }[] = [
  { route: 'humanizer', label: 'nav.humanizer', menu: 'live' },
  { route: 'aiDetector', label: 'nav.aiDetector', menu: 'live' },
  { route: 'plagiarism', label: 'nav.plagiarism', menu: 'always' },
  { route: 'rewriter', label: 'nav.rewriter', menu: 'always' },
  { route: 'aiWriter', label: 'nav.aiWriter', menu: 'live' },
  { route: 'aiEditor', label: 'page.aiEditor.title', menu: 'live' },
  { route: 'referenceChecker', label: 'page.referenceChecker.title', menu: 'never' },
];

const isLive = (route: RouteName) => !placeholderRoutes.includes(route);

/** The Tools menu (spec §2 and issue 11): every live tool, and the spec's two, marked while they are placeholders. */
export const toolsMenu: readonly NavItem[] = tools
  .filter((tool) => tool.menu === 'always' || (tool.menu === 'live' && isLive(tool.route)))
  .map(({ route, label }) => ({ route, label, soon: !isLive(route) }));

/** The mobile menu's Tools list: the tools the header does not already link. */
export const mobileToolsMenu: readonly NavItem[] = toolsMenu.filter((item) => !headerNav.some((top) => top.route === item.route));

import type { MessageKey } from '../i18n/translate.ts';
import type { RouteName } from '../i18n/routes.ts';

/** One entry of the header and the mobile menu. */
export interface NavItem {
  route: RouteName;
  label: MessageKey;
}

/** Header links in order; the Tools menu sits between the first two and pricing. */
export const headerNav: readonly NavItem[] = [
  { route: 'humanizer', label: 'nav.humanizer' },
  { route: 'aiDetector', label: 'nav.aiDetector' },
  { route: 'tryPremium', label: 'nav.pricing' },
];

/** The Tools menu (spec §2). The reference checker is reachable by URL only. */
export const toolsMenu: readonly NavItem[] = [
  { route: 'plagiarism', label: 'nav.plagiarism' },
  { route: 'rewriter', label: 'nav.rewriter' },
  // Live since issue 15 (order type 11): listed once it runs, as every tool.
  { route: 'aiWriter', label: 'nav.aiWriter' },
];

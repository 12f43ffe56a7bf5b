/**
 * The site's custom client directives (Astro `addClientDirective`), so islands
 * hydrate as late as the spec allows; see src/islands/README.md.
 */
import type { AstroIntegration } from 'astro';

const entry = (file: string) => new URL(`../islands/directives/${file}`, import.meta.url).pathname;

export function clientDirectives(): AstroIntegration {
  return {
    name: 'inkwise:client-directives',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'idle-or-interaction', entrypoint: entry('idle-or-interaction.ts') });
        addClientDirective({ name: 'interaction', entrypoint: entry('interaction.directive.ts') });
        addClientDirective({ name: 'stored-login', entrypoint: entry('stored-login.ts') });
      },
    },
  };
}

// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { locales, defaultLocale } from './src/i18n/locales.ts';
import { siteUrl } from './src/config/build-env.ts';
import { clientDirectives } from './src/integrations/client-directives.ts';

export default defineConfig({
  site: siteUrl(),
  output: 'static',
  trailingSlash: 'ignore',
  build: { format: 'directory', inlineStylesheets: 'always' },
  compressHTML: true,
  i18n: {
    locales: locales.map((l) => l.code),
    defaultLocale,
    routing: { prefixDefaultLocale: true, redirectToDefaultLocale: false },
  },
  integrations: [
    react(),
    // client:idle-or-interaction, client:interaction, client:stored-login (src/islands/README.md).
    clientDirectives(),
  ],
  vite: {
    plugins: [tailwindcss()],
    // The essay editor's grammar worker is a module worker (harper.js loads its WebAssembly from it).
    worker: { format: 'es' },
    // `npm run dev` runs the API beside Astro's dev server and proxies to it.
    server: process.env.DEV_API_PROXY ? { proxy: { '/api': process.env.DEV_API_PROXY } } : undefined,
  },
});

// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import { locales, defaultLocale } from './src/i18n/locales.ts';
import { siteUrl } from './src/config/build-env.ts';
import { hiddenRoutes, privateRoutes, routes } from './src/i18n/routes.ts';

const excluded = [...hiddenRoutes, ...privateRoutes]
  .map((name) => routes[name])
  .filter(Boolean)
  .concat(['welcome', 'login', 'signup', 'reset-password', 'try-premium/wechat']);

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
    sitemap({
      filter: (page) => {
        const path = new URL(page).pathname.split('/').filter(Boolean).slice(1).join('/');
        return !excluded.includes(path);
      },
      i18n: {
        defaultLocale,
        locales: Object.fromEntries(locales.map((l) => [l.code, l.lang])),
      },
    }),
  ],
  vite: {
    plugins: [tailwindcss()],
    // `npm run dev` runs the API beside Astro's dev server and proxies to it.
    server: process.env.DEV_API_PROXY ? { proxy: { '/api': process.env.DEV_API_PROXY } } : undefined,
  },
});

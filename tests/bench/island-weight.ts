/**
 * JavaScript a real Chromium downloads on a page before the person touches it,
 * for a visitor and for a logged-in user (gzip of every script response, so
 * the figure counts what islands load through dynamic imports too, which a
 * static look at the HTML misses). Run from `npm run bench`, or alone:
 *   node tests/bench/island-weight.ts   (serves dist/ with an in-memory API)
 */
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import type { UserInfoData, LoginData } from '../../src/domain/endpoints/auth.ts';

/** What one page load downloaded. */
export interface ScriptLoad {
  page: string;
  who: 'visitor' | 'logged-in';
  files: number;
  rawBytes: number;
  gzipBytes: number;
  /** gzip bytes of the chunks that hold React's runtime (react-dom / the scheduler). */
  reactGzip: number;
}

/** A stored login for the `user` local-storage key (spec §3), as the site writes it after a login. */
export function storedUser(login: LoginData, info: UserInfoData, balance: number): Record<string, unknown> {
  return {
    permissions: info.permissions,
    accessToken: login.accessToken,
    refreshToken: login.refreshToken,
    tokenType: login.tokenType,
    loginDate: Date.now(),
    account: info.account,
    useChannelCode: '',
    userInfo: info.userInfo,
    memberInfo: info.memberInfo,
    modeType: {},
    isCache: false,
    userId: info.userId,
    isLoginUser: true,
    loginModalVisible: false,
    balance,
  };
}

const isReact = (code: string) => /react-dom|__REACT_DEVTOOLS_GLOBAL_HOOK__|unstable_scheduleCallback/.test(code);

/**
 * Loads each page in a fresh context and sums the scripts received until the
 * network has been quiet for 500 ms (idle-time hydration included: that is
 * still "before interaction"). `user` is stored before the first script runs.
 */
export async function scriptLoads(origin: string, pages: readonly string[], chromePath: string, user?: Record<string, unknown>): Promise<ScriptLoad[]> {
  const browser = await chromium.launch({ executablePath: chromePath, args: ['--no-sandbox', '--disable-gpu'] });
  const out: ScriptLoad[] = [];
  try {
    for (const page of pages) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      // No banner, no welcome modal: the figures are the page's own, not a first visit's extras.
      await context.addInitScript((stored) => {
        if (stored && !sessionStorage.getItem('bench-seeded')) {
          localStorage.setItem('user', JSON.stringify(stored));
          localStorage.setItem('welcome', String(Date.now()));
          sessionStorage.setItem('bench-seeded', '1');
        }
      }, user ?? null);
      const tab = await context.newPage();
      const bodies: Promise<Buffer | undefined>[] = [];
      tab.on('response', (response) => {
        if (response.request().resourceType() === 'script') bodies.push(response.body().catch(() => undefined));
      });
      await tab.goto(origin + page, { waitUntil: 'load' });
      await tab.waitForLoadState('networkidle');
      const scripts = (await Promise.all(bodies)).filter((b): b is Buffer => Boolean(b));
      const gz = scripts.map((b) => ({ gzip: gzipSync(b, { level: 9 }).length, react: isReact(b.toString('utf8')) }));
      out.push({
        page,
        who: user ? 'logged-in' : 'visitor',
        files: scripts.length,
        rawBytes: scripts.reduce((n, b) => n + b.length, 0),
        gzipBytes: gz.reduce((n, g) => n + g.gzip, 0),
        reactGzip: gz.filter((g) => g.react).reduce((n, g) => n + g.gzip, 0),
      });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return out;
}

/** One line per load, for the bench's output. */
export function formatLoad(load: ScriptLoad): string {
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  return `${load.page.padEnd(22)} ${load.who.padEnd(9)} ${kb(load.gzipBytes).padStart(9)} gzip (${kb(load.rawBytes)} raw, ${load.files} files; React runtime ${kb(load.reactGzip)})`;
}

/** The pages the islands report covers: content pages, the pricing page, an account page. */
export const weightPages = ['/en', '/ar', '/en/try-premium', '/en/login', '/en/user/subscription'] as const;

if (import.meta.url === `file://${process.argv[1]}`) {
  const { join } = await import('node:path');
  const { fileURLToPath } = await import('node:url');
  const { buildApp } = await import('../../server/app.ts');
  const { loadConfig } = await import('../../server/config.ts');
  const { openDatabase } = await import('../../server/db/client.ts');
  const { benchChromium } = await import('./lighthouse.ts');
  const dist = join(fileURLToPath(new URL('../../', import.meta.url)), 'dist');
  const config = loadConfig({ DATABASE_URL: 'memory://', LOG_LEVEL: 'silent', PORT: '0', DIST_DIR: dist, RATE_LIMIT_ALLOWLIST: '127.0.0.1' });
  const database = await openDatabase(config.database);
  const app = await buildApp(config, { database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const chromePath = benchChromium();
  if (!chromePath) throw new Error('no Chromium: set CHROME_PATH');
  const user = await benchUser(database.db, config.jwtSecret);
  for (const load of await scriptLoads(origin, weightPages, chromePath)) console.log(`  ${formatLoad(load)}`);
  for (const load of await scriptLoads(origin, weightPages, chromePath, user)) console.log(`  ${formatLoad(load)}`);
  await app.close();
  await database.close();
}

/** A fresh account with a live session, as the `user` local-storage value. */
export async function benchUser(db: import('../../server/db/client.ts').Db, jwtSecret: string | undefined): Promise<Record<string, unknown>> {
  const { createUser, userInfoOf, walletBalance } = await import('../../server/services/users.ts');
  const { signingKey } = await import('../../server/services/secrets.ts');
  const { startSession } = await import('../../server/services/sessions.ts');
  const account = await createUser(db, { email: `weight${Date.now()}@example.edu`, passwordHash: null, locale: 'en', userType: '1' });
  const key = await signingKey(db, jwtSecret);
  const login = await startSession(db, key, account.id);
  return storedUser(login, userInfoOf(account), await walletBalance(db, account.id));
}

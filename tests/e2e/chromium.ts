import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';

/**
 * Finds a Chromium to drive: CHROMIUM_PATH, then Playwright's own browser, then
 * Debian's /usr/bin/chromium. On Debian/Ubuntu as root it installs the
 * `chromium` package when none is found; otherwise it stops with instructions.
 */
export function findChromium(): string {
  const candidates = [process.env.CHROMIUM_PATH, process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH, safePlaywrightPath(), '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  const found = candidates.find((p): p is string => Boolean(p && existsSync(p)));
  if (found) return found;
  const debian = existsSync('/etc/debian_version');
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  if (debian && root) {
    console.log('No Chromium found: installing the Debian package "chromium" (apt-get)…');
    const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    const install = spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    if (update.status === 0 && install.status === 0 && existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  }
  const os = existsSync('/etc/os-release') ? readFileSync('/etc/os-release', 'utf8').match(/^PRETTY_NAME="?([^"\n]+)/m)?.[1] : process.platform;
  throw new Error(
    `No Chromium for the browser tests on ${os}. Install one and run again:\n` +
      '  Debian/Ubuntu: sudo apt-get install chromium\n' +
      '  elsewhere:     npx playwright install chromium\n' +
      '  or point CHROMIUM_PATH at a Chromium or Chrome binary.',
  );
}

function safePlaywrightPath(): string | undefined {
  try {
    return chromium.executablePath();
  } catch {
    return undefined;
  }
}

/** The Chromium version, for the test report. */
export function chromiumVersion(path: string): string {
  try {
    return execFileSync(path, ['--version'], { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

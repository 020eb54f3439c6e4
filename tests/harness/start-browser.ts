/**
 * `npm start`: opens Chromium with the freshly built extension and its settings page, which shows the
 * onboarding until a provider is set up. The profile lives in .tmp/profile so settings survive restarts
 * (TABWISE_PROFILE=dir picks another; delete the folder for a first-run experience).
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromiumArgs, chromiumPath } from './chromium';

/** Chromium's id for an unpacked extension: SHA-256 of its absolute path, first 32 hex digits mapped 0-f → a-p. */
export function unpackedExtensionId(dir: string): string {
  const hex = createHash('sha256').update(dir).digest('hex').slice(0, 32);
  return [...hex].map((c) => String.fromCharCode(97 + parseInt(c, 16))).join('');
}

const extensionDir = resolve('.output/chrome-mv3');
const profile = resolve(process.env.TABWISE_PROFILE ?? '.tmp/profile');
mkdirSync(profile, { recursive: true });
const headless = process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY;
const url = `chrome-extension://${unpackedExtensionId(extensionDir)}/options.html`;
const args = [
  `--user-data-dir=${profile}`,
  `--disable-extensions-except=${extensionDir}`,
  `--load-extension=${extensionDir}`,
  ...chromiumArgs,
  ...(headless ? ['--headless=new', '--remote-debugging-port=9222'] : []),
  url,
];
const browser = chromiumPath();
console.log(`Starting ${browser} with Tabwise from ${extensionDir}`);
console.log(`Profile: ${profile}`);
if (headless) console.log('No display found: Chromium runs headless; attach DevTools at http://127.0.0.1:9222.');
console.log('Click the Tabwise icon in the toolbar (puzzle piece → pin) to open the side panel.');
const child = spawn(browser, args, { stdio: 'inherit' });
child.on('exit', (code) => process.exit(code ?? 0));

/**
 * `npm start`: opens Chromium with the freshly built extension, which opens its onboarding itself until a
 * provider is set up. The profile lives in .tmp/profile so settings survive restarts
 * (TABWISE_PROFILE=dir picks another; delete the folder for a first-run experience).
 */
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromiumPath } from './chromium';
import { startBrowserArgs } from './start-browser-args';

const extensionDir = resolve('.output/chrome-mv3');
const profile = resolve(process.env.TABWISE_PROFILE ?? '.tmp/profile');
mkdirSync(profile, { recursive: true });
const headless = process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY;
const args = startBrowserArgs({ extensionDir, profile, headless });
const browser = chromiumPath();
console.log(`Starting ${browser} with Tabwise from ${extensionDir}`);
console.log(`Profile: ${profile}`);
if (headless) console.log('No display found: Chromium runs headless; attach DevTools at http://127.0.0.1:9222.');
console.log('Click the Tabwise icon in the toolbar (puzzle piece → pin) to open the side panel.');
const child = spawn(browser, args, { stdio: 'inherit' });
child.on('exit', (code) => process.exit(code ?? 0));

/** Where Chromium is and how it must be started on this sandboxed machine (see ENVIRONMENT.md). */
import { existsSync } from 'node:fs';

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function chromiumPath(): string {
  const candidates = [
    process.env.CHROMIUM_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
  ];
  const found = candidates.find((p): p is string => !!p && existsSync(p));
  if (!found) throw new Error('No Chromium found: install it (apt-get install chromium) or set CHROMIUM_PATH.');
  return found;
}

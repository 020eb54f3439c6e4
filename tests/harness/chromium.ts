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
  // Chromium 156 preloads the omnibox's WebUI popup in a renderer of its own at every start: about 1.3 CPU-seconds
  // per launch that no test or bench uses (measured from /proc: a launch plus the options page, 3.98 s → 2.66 s).
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup,WebUIOmniboxFullPopup',
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

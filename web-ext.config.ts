import { defineWebExtConfig } from 'wxt';

// `npm run dev` opens the system Chromium with the flags this sandboxed machine needs.
export default defineWebExtConfig({
  binaries: { chrome: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
  chromiumArgs: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});

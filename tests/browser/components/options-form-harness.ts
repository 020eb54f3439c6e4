/**
 * A settings form rendered outside the extension: a root to render into, and chrome.runtime with only the
 * sendMessage the form calls, which each test sets (only chrome.i18n exists here). Both are reset after
 * every test of the file that imports this.
 */
import { render } from 'preact';
import { afterEach } from 'vitest';

export const root = document.body.appendChild(document.createElement('div'));
const browserApi = (globalThis as unknown as { chrome: { runtime?: { sendMessage?: unknown } } }).chrome;
export const runtime = (browserApi.runtime ??= {});

afterEach(() => {
  render(null, root);
  delete runtime.sendMessage;
});

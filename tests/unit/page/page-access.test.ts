import { describe, expect, it } from 'vitest';
import { unreadableReason } from '../../../lib/page/page-access';

describe('pages Tabwise cannot read', () => {
  it('reads web pages and local files', () => {
    for (const url of ['https://example.com/', 'http://127.0.0.1:8080/a', 'file:///home/ada/notes.html'])
      expect(unreadableReason(url), url).toBeUndefined();
  });

  it("names why: Chrome's own pages, the Web Store, extensions' pages, anything else", () => {
    expect(unreadableReason('chrome://settings/')).toBe('browser');
    expect(unreadableReason('chrome://newtab/')).toBe('browser');
    expect(unreadableReason('about:blank')).toBe('browser');
    expect(unreadableReason('view-source:https://example.com/')).toBe('browser');
    expect(unreadableReason('https://chromewebstore.google.com/detail/abc')).toBe('store');
    expect(unreadableReason('https://chrome.google.com/webstore/detail/abc')).toBe('store');
    expect(unreadableReason('chrome-extension://abcdefghijklmnop/options.html')).toBe('extension');
    expect(unreadableReason('data:text/html,hi')).toBe('other');
    expect(unreadableReason(undefined)).toBe('other');
    // Look-alikes on the open web are web pages.
    expect(unreadableReason('https://chromewebstore.google.com.evil.example/')).toBeUndefined();
    expect(unreadableReason('https://chrome.google.com/webstorefront')).toBeUndefined();
  });
});

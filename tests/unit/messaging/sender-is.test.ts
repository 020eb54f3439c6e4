import { describe, expect, it } from 'vitest';
import { senderIs } from '../../../lib/messaging/sender-is';
import { self } from './fixtures';

// As Chrome reports them: documents carry a documentId, the worker its script's URL and no documentId.
const options = { id: 'ext-id', url: 'chrome-extension://ext-id/options.html', documentId: 'D1' };
const optionsInTab = { ...options, tab: { id: 7 } };
const offscreen = { id: 'ext-id', url: 'chrome-extension://ext-id/offscreen.html', documentId: 'D2' };
const worker = { id: 'ext-id', url: 'chrome-extension://ext-id/background.js' };
const content = { id: 'ext-id', url: 'https://shop.example/', tab: { id: 7 }, documentId: 'D3' };
const otherExtension = { id: 'evil', url: 'chrome-extension://evil/page.html' };
const lookalike = { id: 'evil', url: 'chrome-extension://ext-id/options.html' };

describe('senderIs', () => {
  it('tells our pages (also in a tab) from content scripts and other extensions', () => {
    expect(
      [options, optionsInTab, offscreen, worker, content, otherExtension, lookalike].map((s) =>
        senderIs(s, 'extension-page', self),
      ),
    ).toEqual([true, true, true, true, false, false, false]);
  });

  it('takes only our content scripts in web pages as content scripts', () => {
    expect(
      [options, optionsInTab, content, { ...content, id: 'evil' }, { id: 'ext-id', url: 'https://x.example/' }].map(
        (s) => senderIs(s, 'content-script', self),
      ),
    ).toEqual([false, false, true, false, false]);
  });

  it('takes only our service worker as the background, and only the offscreen page as offscreen', () => {
    const otherWorker = { id: 'evil', url: 'chrome-extension://evil/background.js' };
    expect(
      [worker, { id: 'ext-id' }, options, optionsInTab, offscreen, content, lookalike, otherWorker].map((s) =>
        senderIs(s, 'background', self),
      ),
    ).toEqual([true, true, false, false, false, false, false, false]);
    expect(
      [offscreen, options, worker, { ...offscreen, tab: { id: 1 } }].map((s) => senderIs(s, 'offscreen', self)),
    ).toEqual([true, false, false, false]);
  });

  it('accepts any of several kinds', () => {
    expect(senderIs(content, ['extension-page', 'content-script'], self)).toBe(true);
    expect(senderIs(otherExtension, ['extension-page', 'content-script'], self)).toBe(false);
  });
});

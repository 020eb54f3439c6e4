import { describe, expect, it } from 'vitest';
import { senderIs } from '../../../lib/messaging/sender-is';
import { self } from './fixtures';

const options = { id: 'ext-id', url: 'chrome-extension://ext-id/options.html' };
const optionsInTab = { ...options, tab: { id: 7 } };
const offscreen = { id: 'ext-id', url: 'chrome-extension://ext-id/offscreen.html' };
const worker = { id: 'ext-id', url: 'chrome-extension://ext-id/background.js' };
const content = { id: 'ext-id', url: 'https://shop.example/', tab: { id: 7 } };
const otherExtension = { id: 'evil', url: 'chrome-extension://evil/page.html' };
const lookalike = { id: 'evil', url: 'chrome-extension://ext-id/options.html' };

describe('senderIs', () => {
  it('tells our pages (also in a tab) from content scripts and other extensions', () => {
    expect([options, optionsInTab, offscreen, worker, content, otherExtension, lookalike].map((s) => senderIs(s, 'extension-page', self))).toEqual([true, true, true, true, false, false, false]);
  });

  it('takes only our content scripts in web pages as content scripts', () => {
    expect([options, optionsInTab, content, { ...content, id: 'evil' }, { id: 'ext-id', url: 'https://x.example/' }].map((s) => senderIs(s, 'content-script', self))).toEqual([false, false, true, false, false]);
  });

  it('takes our contexts outside a tab as the background, and only the offscreen page as offscreen', () => {
    expect([worker, { id: 'ext-id' }, options, optionsInTab, content, lookalike].map((s) => senderIs(s, 'background', self))).toEqual([true, true, true, false, false, false]);
    expect([offscreen, options, worker, { ...offscreen, tab: { id: 1 } }].map((s) => senderIs(s, 'offscreen', self))).toEqual([true, false, false, false]);
  });

  it('accepts any of several kinds', () => {
    expect(senderIs(content, ['extension-page', 'content-script'], self)).toBe(true);
    expect(senderIs(otherExtension, ['extension-page', 'content-script'], self)).toBe(false);
  });
});

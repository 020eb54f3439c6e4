import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createRunSettings } from '../../../lib/background/create-run-settings';
import { createFakeSettingsStore } from './handlers/fakes';

// The panel sends its chips as shown, at once; the turn reads the tab again (create-run-settings.ts).
describe('the page a message names, read again when its turn starts', () => {
  const settings = createFakeSettingsStore({});
  const runSettings = createRunSettings(settings);
  beforeEach(() => fakeBrowser.reset());

  it("takes the tab's address and title as they are now, and keeps the selection read on that page", async () => {
    const tab = await fakeBrowser.tabs.create({ url: 'https://example.com/a' });
    await fakeBrowser.tabs.update(tab.id!, { url: 'https://example.com/a' });
    const sent = { tabId: tab.id!, url: 'https://example.com/a', title: 'As shown', selectedText: 'picked words' };
    const now = await runSettings(sent, 'hi');
    expect(now.tabId).toBe(tab.id);
    expect(now.pageContext).toMatchObject({ url: 'https://example.com/a', selectedText: 'picked words' });
  });

  it('a tab that moved since the chips were drawn is sent at its new address, without the old selection', async () => {
    const tab = await fakeBrowser.tabs.create({ url: 'https://example.com/next' });
    const sent = { tabId: tab.id!, url: 'https://example.com/before', title: 'Before', selectedText: 'old words' };
    const now = await runSettings(sent, 'hi');
    expect(now.pageContext?.url).toBe('https://example.com/next');
    expect(now.pageContext?.selectedText).toBeUndefined();
  });

  it('a closed tab, or one now showing a page no extension may read, attaches nothing', async () => {
    const gone = await runSettings({ tabId: 4242, url: 'https://example.com/', title: 'Gone' }, 'hi');
    expect(gone.pageContext).toBeUndefined();
    expect(gone.tabId).toBeUndefined();
    const tab = await fakeBrowser.tabs.create({ url: 'chrome://settings/' });
    const closed = await runSettings({ tabId: tab.id!, url: 'https://example.com/', title: 'Was readable' }, 'hi');
    expect(closed.pageContext).toBeUndefined();
  });
});

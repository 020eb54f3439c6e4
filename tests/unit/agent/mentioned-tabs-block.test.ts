import { describe, expect, it } from 'vitest';
import { composeTurnData } from '../../../lib/agent/compose-turn-data';

describe('the mentioned tabs in the turn data block', () => {
  it('lists each tab id with its title and address, escaped, inside the untrusted block, and names the start tab', () => {
    const data = composeTurnData(
      { tabId: 4, mentionedTabs: [{ tabId: 9, title: 'Inbox "x" <b>', url: 'https://mail.example/?a=1&b=2' }] },
      'bnd123',
    )!;
    expect(data).toContain('The run started on tab 4.');
    expect(data).toContain(
      '<tab id="9" title="Inbox &quot;x&quot; &lt;b&gt;" url="https://mail.example/?a=1&amp;b=2"/>',
    );
    expect(data.indexOf('<tab id="9"')).toBeGreaterThan(data.indexOf('boundary="bnd123"'));
  });

  it('adds nothing when no tab was mentioned', () => {
    expect(composeTurnData({ tabId: 4, mentionedTabs: [] }, 'bnd123')).toBeUndefined();
  });
});

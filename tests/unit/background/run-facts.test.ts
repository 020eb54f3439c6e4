import { describe, expect, it } from 'vitest';
import type { RunJournal, RunSnapshot } from '../../../lib/agent/run-journal';
import type { ConversationStore } from '../../../lib/storage/conversation-store';
import { createRunFacts } from '../../../lib/background/create-run-facts';

const approval = (toolName: string, site: string, status: 'denied' | 'approved' | 'pending') => ({
  runId: 'r1',
  toolCallId: `${toolName}-${site}`,
  toolName,
  input: {},
  preview: '',
  site,
  status,
  requestedAt: 0,
});

const snapshot = {
  run: {
    id: 'r1',
    conversationId: 'c1',
    settings: { mentionedTabs: [{ tabId: 9, title: 'Inbox', url: 'https://mail.example/' }] },
  },
  steps: [],
  toolCalls: [],
  interjections: [],
  approvals: [
    approval('navigate', 'https://evil.example', 'denied'),
    approval('open_tab', 'https://other.example', 'denied'),
    approval('click', 'https://shop.example', 'denied'),
    approval('navigate', 'https://ok.example', 'approved'),
  ],
} as unknown as RunSnapshot;

describe('run facts for the tab tools', () => {
  it('reads the mentioned tabs, the origins denied to navigate or open_tab (not other tools), and the conversation title', async () => {
    const facts = createRunFacts({
      journal: Promise.resolve({
        readApprovals: async (id: string) => (id === 'r1' ? snapshot : undefined),
      } as unknown as RunJournal),
      conversations: Promise.resolve({
        getConversation: async () => ({ id: 'c1', title: '  Find my order  ', createdAt: 0, updatedAt: 0 }),
      } as unknown as ConversationStore),
    });
    expect(await facts('r1')).toEqual({
      mentionedTabIds: [9],
      deniedOrigins: ['https://evil.example', 'https://other.example'],
      title: 'Find my order',
    });
    expect(await facts('gone')).toEqual({ mentionedTabIds: [], deniedOrigins: [], title: 'Tabwise' });
  });
});

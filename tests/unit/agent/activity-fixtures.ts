/** A complete activity line for tests, with the fields `over` replaces. */
import type { ActivityLine } from '../../../lib/agent/activity-line';

export const NOW = Date.UTC(2026, 5, 1);

export const activityLine = (over: Partial<ActivityLine> = {}): ActivityLine => ({
  id: 'run-1:call-1',
  at: NOW,
  kind: 'fill',
  toolName: 'fill_form',
  site: 'https://shop.example',
  conversationId: 'conv-1',
  conversationTitle: 'Order the blue mug',
  runId: 'run-1',
  approval: 'card',
  outcome: 'done',
  target: 'button "Place order"',
  destination: 'https://shop.example/checkout',
  written: [{ field: 'Full name (fullName)', value: 'Ada Lovelace' }],
  sent: 0,
  ...over,
});

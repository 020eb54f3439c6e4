/**
 * Settings → Activity rendered in a real page: newest lines as the worker sends them, what the page leaves out
 * counted, damaged lines counted, the search asked of the worker as typed (a late answer to an older search
 * never replaces a newer one), and page text drawn as text.
 */
import { render } from 'preact';
import { describe, expect, it, vi } from 'vitest';
import { ActivitySettings } from '../../../components/options/ActivitySettings';
import type { ActivityLine } from '../../../lib/agent/activity-line';
import { root, runtime } from './options-form-harness';

type Message = { name: string; data: Record<string, unknown> };

const line = (over: Partial<ActivityLine> = {}): ActivityLine => ({
  id: 'r1:c1',
  at: Date.UTC(2026, 5, 1),
  kind: 'click',
  toolName: 'click',
  site: 'https://shop.example',
  conversationId: 'a',
  conversationTitle: 'Buy the mug',
  runId: 'r1',
  approval: 'always',
  outcome: 'done',
  target: 'button "<b>Pay</b>"',
  destination: 'javascript:alert(1)',
  sent: 0,
  ...over,
});

const page = (lines: ActivityLine[], over: Record<string, unknown> = {}) => ({
  lines,
  matched: lines.length,
  total: lines.length,
  corrupt: 0,
  retentionDays: 90,
  ...over,
});

/** The worker: activity.list answered by `answer` (its searches recorded), or later when the test says. */
function worker(answer: (text: string | undefined) => unknown) {
  const asked: (string | undefined)[] = [];
  runtime.sendMessage = vi.fn(async (message: Message) => {
    if (message.name !== 'activity.list') throw new Error(`unexpected ${message.name}`);
    asked.push(message.data.text as string | undefined);
    return { ok: true, value: await answer(message.data.text as string | undefined) };
  });
  return asked;
}

const text = (selector: string) => root.querySelector(selector)?.textContent;

describe('Settings → Activity', () => {
  it('shows each line as text, with how it was approved, and counts what the page leaves out and what was damaged', async () => {
    worker(() => page([line()], { matched: 250, total: 250, corrupt: 2 }));
    render(<ActivitySettings />, root);
    await vi.waitFor(() => expect(root.querySelectorAll('[data-activity]')).toHaveLength(1));
    expect(text('.activity-approval')).toBe('always allowed on this site');
    expect(text('.activity-target')).toBe('On: button "<b>Pay</b>"');
    expect(text('.activity-destination')).toBe('To: javascript:alert(1)');
    expect(root.querySelector('.activity-list b, .activity-list a, .activity-list [href]')).toBeNull();
    expect(text('.activity-hidden')).toBe('249 lines not shown: search to narrow the list, or export it whole.');
    expect(text('.activity-corrupt')).toBe('2 lines could not be read (damaged) and were skipped.');
    expect((root.querySelector('.activity-retention input') as HTMLInputElement).value).toBe('90');
  });

  it('asks the worker as the user types, and a late answer to an older search does not replace the newer one', async () => {
    const waiting: Record<string, (v: unknown) => void> = {};
    const asked = worker((q) => (q ? new Promise((r) => (waiting[q] = r)) : page([line({ id: 'all' })])));
    render(<ActivitySettings />, root);
    await vi.waitFor(() => expect(root.querySelectorAll('[data-activity]')).toHaveLength(1));
    const box = root.querySelector<HTMLInputElement>('input[type="search"]')!;
    box.value = 'sh';
    box.dispatchEvent(new Event('input'));
    box.value = 'shop';
    box.dispatchEvent(new Event('input'));
    await vi.waitFor(() => expect(asked).toEqual([undefined, 'sh', 'shop']));
    waiting.shop!(page([line({ id: 'new' })], { total: 3 }));
    await vi.waitFor(() => expect(root.querySelector('[data-activity]')?.getAttribute('data-activity')).toBe('new'));
    waiting.sh!(page([line({ id: 'old' })], { total: 3 }));
    await new Promise((r) => setTimeout(r, 50));
    expect(root.querySelector('[data-activity]')?.getAttribute('data-activity')).toBe('new');
    expect(text('.activity-figures')).toBe('Lines matching: 1 of 3.');
  });

  it('a call a gate refused before any card says so, and claims no approval', async () => {
    worker(() => page([line({ approval: 'not_needed', outcome: 'refused', reason: 'Refused: read only is on.' })]));
    render(<ActivitySettings />, root);
    await vi.waitFor(() => expect(text('.activity-outcome')).toBe('refused (nothing was done)'));
    expect(root.querySelector('.activity-approval')).toBeNull();
    expect(text('.activity-reason')).toBe('Why: Refused: read only is on.');
  });

  it('a line of a deleted conversation says its page text went with it', async () => {
    worker(() => page([line({ pageTextDropped: true, target: undefined, destination: undefined })]));
    render(<ActivitySettings />, root);
    await vi.waitFor(() =>
      expect(text('.activity-dropped')).toBe('The conversation was deleted, and the page text of this line with it.'),
    );
  });

  it('says how many lines wait for the team server and when it tries next, which of several teams they go to, and when all are sent', async () => {
    const next = Date.UTC(2026, 5, 1, 12, 30);
    worker(() =>
      page([line()], {
        upload: {
          waiting: 3,
          nextAttemptAt: next,
          lastError: 'Could not reach team.example.',
          team: { name: 'Red', others: 1 },
        },
      }),
    );
    render(<ActivitySettings />, root);
    await vi.waitFor(() => expect(text('.activity-upload-waiting')).toBeTruthy());
    expect(text('.activity-upload-waiting')).toBe(
      `3 lines waiting to be sent to the team server; next try at ${new Date(next).toLocaleString('en')}.`,
    );
    expect(text('.activity-upload-error')).toBe('Last try: Could not reach team.example.');
    expect(text('.activity-upload-team')).toBe('Lines go to Red, the first of your 2 teams.');
    render(null, root);

    worker(() => page([line()], { upload: { waiting: 0, team: { name: 'Red', others: 0 } } }));
    render(<ActivitySettings />, root);
    await vi.waitFor(() =>
      expect(text('.activity-upload-waiting')).toBe('Every line has been sent to the team server.'),
    );
    // One team: nothing to say about which.
    expect(root.querySelector('.activity-upload-team')).toBeNull();
    render(null, root);

    // Not signed in to a team and nothing waiting: no line about a server at all.
    worker(() => page([line()]));
    render(<ActivitySettings />, root);
    await vi.waitFor(() => expect(root.querySelectorAll('[data-activity]')).toHaveLength(1));
    expect(root.querySelector('.activity-upload')).toBeNull();
  });
});

/** The panel's saved tasks: the `/` menu, asking for placeholders, and a run's order (start page, then the message). */
import { signal } from '@preact/signals';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TaskView } from '../../../lib/core/saved-task';

const calls: string[] = [];
const list: { tasks: TaskView[]; skipped: number } = { tasks: [], skipped: 0 };
vi.mock('../../../lib/background/send-to-background', () => ({
  sendToBackground: async (name: string, data: { id?: string }) => {
    calls.push(data.id ? `${name} ${data.id}` : name);
    return name === 'tasks.openStartPage' ? { tabId: 3 } : list;
  },
}));
const { createTaskState } = await import('../../../components/sidepanel/task-state');

const view = (name: string, extra: Partial<TaskView> = {}): TaskView => ({
  id: `id-${name}`,
  kind: 'prompt',
  name,
  instruction: `${name} in {city}`,
  placeholders: ['city'],
  createdAt: 1,
  updatedAt: 1,
  ...extra,
});

function setup(conversation: { id: string } | null = null) {
  const sent: string[] = [];
  const chat = {
    conversation: signal(conversation),
    modelForNewChat: signal<{ providerId: string; modelId: string } | null>(null),
    notice: signal<string | null>(null),
    page: { refresh: async () => void calls.push('page.refresh') },
    send: async (text: string) => {
      calls.push('send');
      sent.push(text);
      return true;
    },
  };
  const tasks = createTaskState(chat as unknown as Parameters<typeof createTaskState>[0]);
  return { tasks, chat, sent };
}

beforeEach(() => {
  calls.length = 0;
  list.tasks = [view('hotels'), view('hotel-reviews'), view('trains', { instruction: 'Trains', placeholders: [] })];
});

describe('the / menu', () => {
  it('lists the tasks whose name starts with what is typed, and moves round them', async () => {
    const { tasks } = setup();
    tasks.showMenu('hot');
    await vi.waitFor(() => expect(tasks.menu.options.value.map((k) => k.name)).toEqual(['hotels', 'hotel-reviews']));
    tasks.move(1);
    tasks.move(1);
    expect(tasks.menu.active.value).toBe(0);
    tasks.move(-1);
    expect(tasks.choose()?.name).toBe('hotel-reviews');
    expect(tasks.menu.open.value).toBe(false);
  });
});

describe('running a task', () => {
  it('asks for the placeholders first, then sends the filled instruction', async () => {
    const { tasks, sent } = setup();
    await tasks.load();
    tasks.begin(tasks.named('hotels')!);
    expect(sent).toEqual([]);
    expect(tasks.filling.value?.task.name).toBe('hotels');
    tasks.setValue('city', 'Lyon');
    await tasks.runFilled();
    expect(sent).toEqual(['hotels in Lyon']);
    expect(tasks.filling.value).toBeNull();
  });

  it('runs a task without placeholders at once; Cancel sends nothing', async () => {
    const { tasks, sent } = setup();
    await tasks.load();
    tasks.begin(tasks.named('hotels')!);
    tasks.cancelFill();
    tasks.begin(tasks.named('trains')!);
    await vi.waitFor(() => expect(sent).toEqual(['Trains']));
  });

  it('opens the start page (by the task id) and reads the page in front before sending', async () => {
    const { tasks } = setup();
    tasks.begin(view('news', { instruction: 'News', placeholders: [], startUrl: 'https://news.example/' }));
    await vi.waitFor(() => expect(calls).toEqual(['tasks.openStartPage id-news', 'page.refresh', 'send']));
  });

  it("uses the task's model for a new chat only", async () => {
    const model = { providerId: 'p2', modelId: 'big' };
    const fresh = setup();
    fresh.tasks.begin(view('a', { instruction: 'A', placeholders: [], model }));
    await vi.waitFor(() => expect(fresh.chat.modelForNewChat.value).toEqual(model));
    const ongoing = setup({ id: 'c1' });
    ongoing.tasks.begin(view('a', { instruction: 'A', placeholders: [], model }));
    await vi.waitFor(() => expect(ongoing.sent).toEqual(['A']));
    expect(ongoing.chat.modelForNewChat.value).toBeNull();
  });
});

/**
 * Saved tasks in the panel: the list (for `/` completion and the Tasks view), the task whose placeholders are
 * being filled in, and running one. A run is an ordinary message: the start page (if any) is opened by the
 * worker, which reads it from the store and checks it with the navigate tool's rule, then the filled
 * instruction is sent with the page in front as its context. The task's model applies to a new chat; in a
 * conversation the conversation's own model answers, as for any message.
 */
import { computed, signal } from '@preact/signals';
import { sendToBackground } from '../../lib/background/send-to-background';
import type { TaskFields, TaskView } from '../../lib/core/saved-task';
import { fillPlaceholders } from '../../lib/core/task-text';
import type { ChatState } from './chat-state';
import { t } from '../ui/t';
import { createRecordingState } from './recording-state';

export interface TaskFill {
  task: TaskView;
  values: Record<string, string>;
}

export function createTaskState(
  state: Pick<ChatState, 'conversation' | 'modelForNewChat' | 'notice' | 'page' | 'send'>,
) {
  const tasks = signal<TaskView[]>([]);
  const skipped = signal(0);
  const filling = signal<TaskFill | null>(null);
  const showList = signal(false);
  // The `/` menu, in the shape of the `@` menu (mention-state.ts).
  const menuOpen = signal(false);
  const query = signal('');
  const active = signal(0);
  const options = computed(() => tasks.value.filter((k) => k.name.startsWith(query.value)));

  async function load() {
    const list = await sendToBackground('tasks.list', {});
    tasks.value = list.tasks;
    skipped.value = list.skipped;
  }

  async function start(task: TaskView, values: Record<string, string>) {
    try {
      if (task.startUrl) {
        await sendToBackground('tasks.openStartPage', { id: task.id });
        await state.page.refresh();
      }
      if (!state.conversation.value && task.model) state.modelForNewChat.value = task.model;
      const text = fillPlaceholders(task.instruction, values);
      // A recording is replayed by the worker from the stored task: the panel names it and gives the values.
      if (task.kind === 'recording') return await state.send(text, [], [], { id: task.id, values });
      return await state.send(text);
    } catch (e) {
      state.notice.value = t('task_run_failed', e instanceof Error ? e.message : String(e));
      return false;
    }
  }

  async function save(fields: TaskFields & { id?: string }) {
    const list = await sendToBackground('tasks.save', fields);
    tasks.value = list.tasks;
    skipped.value = list.skipped;
  }

  const recording = createRecordingState({
    tabId: () => state.page.forSend()?.tabId,
    refreshPage: () => state.page.refresh(),
    save,
    notice: (text) => (state.notice.value = text),
  });

  return {
    tasks,
    skipped,
    recording,
    filling,
    showList,
    menu: { open: menuOpen, options, active },
    load,
    /** The task named `name` (a `/name` message), if there is one. */
    named: (name: string) => tasks.value.find((k) => k.name === name),
    /** Runs a task now, or first asks for its placeholders' values in the composer. */
    begin(task: TaskView) {
      showList.value = false;
      if (task.placeholders.length)
        filling.value = { task, values: Object.fromEntries(task.placeholders.map((p) => [p, ''])) };
      else void start(task, {});
    },
    setValue(name: string, value: string) {
      const f = filling.value;
      if (f) filling.value = { ...f, values: { ...f.values, [name]: value } };
    },
    async runFilled() {
      const f = filling.value;
      if (!f) return;
      filling.value = null;
      await start(f.task, f.values);
    },
    cancelFill() {
      filling.value = null;
    },
    save,
    showMenu(q: string) {
      const opening = !menuOpen.value;
      if (opening || q !== query.value) active.value = 0;
      query.value = q;
      menuOpen.value = true;
      // Tasks change in Settings too: listed again each time the menu opens.
      if (opening) void load().catch((e: unknown) => console.warn('listing tasks', e));
    },
    closeMenu() {
      menuOpen.value = false;
    },
    move(by: number) {
      const n = options.value.length;
      if (n) active.value = (active.value + by + n) % n;
    },
    /** The highlighted (or given) task; the menu closes. */
    choose(index = active.value): TaskView | undefined {
      menuOpen.value = false;
      return options.value[index];
    },
  };
}

export type TaskState = ReturnType<typeof createTaskState>;

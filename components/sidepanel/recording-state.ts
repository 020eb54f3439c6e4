/**
 * Recording in the panel (issue 28): Record starts a session in the tab the panel is on (the worker injects the
 * recorder there and keeps the steps), the panel shows the steps as they come, and Stop hands them over as an
 * editable list (rename, delete, reorder, mark a typed value as a `{parameter}`) to save as a task.
 */
import { signal } from '@preact/signals';
import { sendToBackground } from '../../lib/background/send-to-background';
import type { RecordingView } from '../../lib/background/protocol';
import type { RecordingStep } from '../../lib/core/recording';
import { suggestTaskName } from '../../lib/core/task-text';
import { t } from '../ui/t';

export interface RecordingDraft {
  startUrl: string;
  steps: RecordingStep[];
  skipped: number;
  name: string;
  instruction: string;
}

const POLL_MS = 700;

export function createRecordingState(deps: {
  tabId(): number | undefined;
  /** Reads the tab in front again (the panel may not have attached it yet). */
  refreshPage(): Promise<unknown>;
  save(fields: { name: string; instruction: string; startUrl?: string; steps: RecordingStep[] }): Promise<void>;
  notice(text: string): void;
}) {
  const live = signal<RecordingView | null>(null);
  const draft = signal<RecordingDraft | null>(null);
  const error = signal<string | null>(null);
  let timer: ReturnType<typeof setInterval> | undefined;

  const poll = async () => {
    live.value = await sendToBackground('recording.state', {});
    if (!live.value && timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
    }
  };
  const follow = () => {
    timer ??= setInterval(() => void poll().catch((e: unknown) => console.warn('recording state', e)), POLL_MS);
  };
  const edit = (f: (steps: RecordingStep[]) => RecordingStep[]) => {
    const d = draft.value;
    if (d) draft.value = { ...d, steps: f([...d.steps]) };
  };

  return {
    live,
    draft,
    error,
    /** Picks up a recording that was running when the panel was closed. */
    async load() {
      await poll();
      if (live.value) follow();
    },
    async start() {
      error.value = null;
      if (deps.tabId() === undefined) await deps.refreshPage().catch(() => undefined);
      const tabId = deps.tabId();
      if (tabId === undefined) return void (error.value = t('bg_recording_page_rule'));
      try {
        live.value = await sendToBackground('recording.start', { tabId });
        follow();
      } catch (e) {
        error.value = e instanceof Error ? e.message : String(e);
      }
    },
    async stop() {
      const done = await sendToBackground('recording.stop', {});
      if (timer !== undefined) clearInterval(timer);
      timer = undefined;
      live.value = null;
      if (!done) return;
      if (!done.steps.length) return void (error.value = t('recording_empty'));
      let host = '';
      try {
        host = new URL(done.startUrl).hostname;
      } catch {
        host = ''; // the worker checked the address; a name is proposed without it
      }
      draft.value = {
        startUrl: done.startUrl,
        steps: done.steps,
        skipped: done.skipped,
        name: suggestTaskName(`replay ${host}`),
        instruction: t('recording_default_intent', host),
      };
    },
    setField(field: 'name' | 'instruction', value: string) {
      const d = draft.value;
      if (d) draft.value = { ...d, [field]: value };
    },
    remove: (i: number) => edit((s) => s.filter((_, k) => k !== i)),
    move: (i: number, by: -1 | 1) =>
      edit((s) => {
        const j = i + by;
        if (j < 0 || j >= s.length) return s;
        [s[i], s[j]] = [s[j]!, s[i]!];
        return s;
      }),
    rename: (i: number, note: string) => edit((s) => s.map((x, k) => (k === i ? { ...x, note } : x))),
    /** A typed value or a chosen option becomes `{name}`, asked for each time the task runs. */
    markParameter: (i: number, name: string) =>
      edit((s) =>
        s.map((x, k) => {
          if (k !== i || !/^[A-Za-z0-9_-]{1,40}$/.test(name)) return x;
          if (x.action === 'type') return { ...x, value: `{${name}}` };
          if (x.action === 'choose') return { ...x, option: `{${name}}` };
          return x;
        }),
      ),
    discard() {
      draft.value = null;
    },
    async save() {
      const d = draft.value;
      if (!d) return;
      try {
        await deps.save({ name: d.name.trim(), instruction: d.instruction, startUrl: d.startUrl, steps: d.steps });
        draft.value = null;
        error.value = null;
        deps.notice(t('recording_saved', d.name.trim()));
      } catch (e) {
        error.value = e instanceof Error ? e.message : String(e);
      }
    },
  };
}

export type RecordingState = ReturnType<typeof createRecordingState>;

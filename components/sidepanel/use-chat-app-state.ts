/**
 * The panel's state that ChatApp keeps beside the chat's: the model switcher and the saved tasks, each listed
 * again when the panel regains focus (both are edited in Settings).
 */
import { useCallback, useEffect, useMemo } from 'preact/hooks';
import type { ChatState } from './chat-state';
import { createModelSwitcherState } from './model-switcher-state';
import { usePendingOpen } from './pending-open';
import { createTaskState } from './task-state';

/** The model switcher, listed again on focus and when the organisation's policy changes. */
export function useModelSwitcher(state: ChatState) {
  const switcher = useMemo(() => createModelSwitcherState(state), [state]);
  useEffect(() => {
    void switcher.load();
    // Providers change in the options page: list them again when the panel regains focus.
    const reload = () => void switcher.load();
    addEventListener('focus', reload);
    // So does the organisation's policy (Chrome reloads it while the browser runs): the models it allows change.
    const onPolicy = (_changes: object, area: string) => area === 'managed' && reload();
    chrome.storage.onChanged.addListener(onPolicy);
    return () => {
      removeEventListener('focus', reload);
      chrome.storage.onChanged.removeListener(onPolicy);
    };
  }, [switcher]);
  return switcher;
}

/** The saved tasks, and `openConversation` for a run's conversation (a task list's or a notification's). */
export function useTasks(state: ChatState) {
  const tasks = useMemo(() => createTaskState(state), [state]);
  // A scheduled run's conversation (from the Runs view, or its notification clicked).
  const openConversation = useCallback(
    (id: string) => {
      tasks.showList.value = false;
      state.open(id);
    },
    [state, tasks],
  );
  usePendingOpen(openConversation);
  useEffect(() => {
    // Listed again when the panel regains focus: tasks are edited in Settings.
    const reload = () => void tasks.load().catch((e: unknown) => console.warn('listing tasks', e));
    reload();
    addEventListener('focus', reload);
    return () => removeEventListener('focus', reload);
  }, [tasks]);
  return { tasks, openConversation };
}

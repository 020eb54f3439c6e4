import './mention-menu.css';
import type { TaskState } from './task-state';
import { t } from '../ui/t';

export const TASK_MENU_ID = 'task-menu';
export const taskOptionId = (name: string) => `task-option-${name}`;

/** The saved tasks `/` offers: a listbox the message box drives like the `@` menu (arrows, Enter or Tab, Esc). */
export function TaskMenu({ tasks, onChoose }: { tasks: TaskState; onChoose: (index: number) => void }) {
  const { menu } = tasks;
  if (!menu.open.value) return null;
  const options = menu.options.value;
  return (
    <ul class="mention-menu task-menu" id={TASK_MENU_ID} role="listbox" aria-label={t('composer_task_menu')}>
      {options.length === 0 && (
        <li class="mention-empty" role="option" aria-disabled="true" aria-selected="false">
          {t('composer_no_task_matches')}
        </li>
      )}
      {options.map((task, i) => (
        <li
          key={task.id}
          id={taskOptionId(task.name)}
          role="option"
          aria-selected={i === menu.active.value}
          class={i === menu.active.value ? 'mention-option active' : 'mention-option'}
          // mousedown, not click: the message box keeps the focus.
          onMouseDown={(e) => {
            e.preventDefault();
            onChoose(i);
          }}
        >
          <span class="mention-title">/{task.name}</span>
          <span class="mention-host">{task.instruction.slice(0, 80)}</span>
        </li>
      ))}
    </ul>
  );
}

/** The `/` menu's keys; true when the key was the menu's. */
export function taskMenuKey(tasks: TaskState, e: KeyboardEvent, choose: (index: number) => void): boolean {
  const { menu } = tasks;
  if (!menu.open.value) return false;
  if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
    e.preventDefault();
    tasks.move(e.key === 'ArrowDown' ? 1 : -1);
    return true;
  }
  if ((e.key === 'Enter' || e.key === 'Tab') && !e.shiftKey && menu.options.value.length) {
    e.preventDefault();
    choose(menu.active.value);
    return true;
  }
  if (e.key === 'Escape') {
    // Closes the menu only: Esc must not also stop a run or close the panel.
    e.preventDefault();
    e.stopPropagation();
    tasks.closeMenu();
    return true;
  }
  return false;
}

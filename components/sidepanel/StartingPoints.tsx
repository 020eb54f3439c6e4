import { effect } from '@preact/signals';
import { useEffect, useMemo } from 'preact/hooks';
import type { ChatState } from './chat-state';
import { createStartingPointsState } from './starting-points';
import { t } from '../ui/t';

/** The empty panel's suggestions for the page in front; a click sends one or writes it into the message box. */
export function StartingPoints({ state }: { state: ChatState }) {
  const starting = useMemo(() => createStartingPointsState(state.page), [state]);
  // Follows the page and its chips: reading the signals inside the effect subscribes to them.
  useEffect(
    () =>
      effect(() => {
        void [state.page.tab.value, state.page.selection.value, state.page.includePage.value];
        void state.page.includeSelection.value;
        void starting.refresh().catch((e: unknown) => console.warn('starting points', e));
      }),
    [state, starting],
  );
  const points = starting.points.value;
  if (points.length === 0) return null;
  return (
    <ul class="starting-points" aria-label={t('start_label')}>
      {points.map((p) => (
        <li key={p.id}>
          <button
            type="button"
            data-start={p.id}
            onClick={() => (p.mode === 'send' ? void state.send(t(p.text)) : (state.draft.value = t(p.text)))}
          >
            {t(p.label)}
          </button>
        </li>
      ))}
    </ul>
  );
}

import type { CardProps } from './card-props';
import { describeTabs } from './describe-tabs';
import { readToolOutput } from './read-tool-output';

/** list_tabs: the tabs of the window, the active one marked. */
export function ListTabsCard({ part }: CardProps) {
  const tabs = part.output === undefined ? undefined : describeTabs(readToolOutput(part.output));
  if (!tabs) return null;
  return (
    <ul class="card-tabs">
      {tabs.map((t, i) => (
        <li key={i} class={t.active ? 'active' : undefined}>
          <span class="card-title">{t.title || '(untitled)'}</span>
          {t.host && <span class="card-host">{t.host}</span>}
          {t.active && <span class="card-badge">active</span>}
        </li>
      ))}
    </ul>
  );
}

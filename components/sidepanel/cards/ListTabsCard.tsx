import type { CardProps } from './card-props';
import { describeTabs } from './describe-tabs';
import { outputOf } from './result-of';
import { t } from '../../ui/t';

/** list_tabs: the tabs of the window, the active one marked. */
export function ListTabsCard({ part }: CardProps) {
  const tabs = describeTabs(outputOf(part));
  if (!tabs) return null;
  return (
    <ul class="card-tabs">
      {tabs.map((tab, i) => (
        <li key={i} class={tab.active ? 'active' : undefined}>
          <span class="card-title">{tab.title || t('tabs_untitled')}</span>
          {tab.host && (
            <span class="card-host" title={tab.host}>
              {tab.host}
            </span>
          )}
          {tab.active && <span class="card-badge">{t('tabs_active')}</span>}
        </li>
      ))}
    </ul>
  );
}

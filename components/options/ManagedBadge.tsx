import { t } from '../ui/t';

/** "Set by your organisation", beside a control whose value comes from Chrome policy and cannot be changed here. */
export function ManagedBadge() {
  return <span class="managed-badge">{t('policy_set_by_org')}</span>;
}

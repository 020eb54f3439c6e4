import type { ComponentChildren } from 'preact';
import type { ManagedKey, ManagedPolicy, PolicyAccess } from '../../lib/policy/managed-policy';
import { ManagedBadge } from './ManagedBadge';
import { policyView } from './policy-state';
import { t } from '../ui/t';
import type { MessageKey } from '../../lib/util/t';

const LABELS: Record<ManagedKey, MessageKey> = {
  teamServerUrl: 'policy_key_team_server',
  signInRequired: 'policy_key_sign_in',
  allowedProviders: 'policy_key_providers',
  allowedModels: 'policy_key_models',
  siteAccess: 'policy_key_site_access',
  alwaysAllowOffered: 'policy_key_always_allow',
  rememberingAllowed: 'policy_key_remembering',
  rememberDeniedDomains: 'policy_key_remember_denied',
  rememberAllowedDomains: 'policy_key_remember_allowed',
  allowedMcpServers: 'policy_key_mcp',
  useSiteTools: 'settings_site_tools_label',
  customInstructions: 'policy_key_instructions',
};

const ACCESS: Record<PolicyAccess, MessageKey> = {
  none: 'policy_access_none',
  read: 'policy_access_read',
  full: 'policy_access_full',
};

const list = (items: readonly string[]) => (items.length ? items.join(', ') : t('policy_none'));

/** One managed value as a person reads it. */
function describeValue<K extends ManagedKey>(key: K, policy: ManagedPolicy): ComponentChildren {
  const p = policy;
  switch (key) {
    case 'signInRequired':
      return p.signInRequired ? t('policy_required') : t('policy_not_required');
    case 'alwaysAllowOffered':
      return p.alwaysAllowOffered ? t('policy_offered') : t('policy_not_offered');
    case 'rememberingAllowed':
      return p.rememberingAllowed ? t('policy_allowed') : t('policy_forced_off');
    case 'useSiteTools':
      return p.useSiteTools ? t('policy_forced_on') : t('policy_forced_off');
    case 'allowedProviders':
      return p.allowedProviders!.length ? list(p.allowedProviders!) : t('policy_providers_team_only');
    case 'siteAccess':
      return (
        <ul>
          {Object.entries(p.siteAccess!).map(([site, access]) => (
            <li key={site}>
              {site === '*' ? t('policy_site_other') : site}: {t(ACCESS[access])}
            </li>
          ))}
        </ul>
      );
    case 'customInstructions':
      return <pre class="policy-instructions">{p.customInstructions}</pre>;
    default: {
      const value = p[key];
      return Array.isArray(value) ? list(value as string[]) : String(value);
    }
  }
}

/**
 * What the organisation manages, at the top of Settings: every value its Chrome policy sets, each marked "Set by
 * your organisation", and a notice for each value the policy checker ignored. Nothing renders without a policy.
 */
export function OrganizationPolicy() {
  const { policy, rejected } = policyView.value;
  const keys = (Object.keys(LABELS) as ManagedKey[]).filter((k) => policy[k] !== undefined);
  if (!keys.length && !rejected.length) return null;
  return (
    <section class="settings-section organization-policy" aria-labelledby="organization-heading">
      <header class="section-header">
        <h2 id="organization-heading">{t('policy_heading')}</h2>
        <p class="section-description">{t('policy_description')}</p>
      </header>
      <div class="section-body">
        {rejected.map((r) => (
          <p key={r.key} role="alert" class="policy-notice">
            {t('policy_ignored', r.key)} <code>{r.reason}</code>
          </p>
        ))}
        <dl class="policy-list">
          {keys.map((k) => (
            <div key={k} data-policy={k}>
              <dt>
                {t(LABELS[k])} <ManagedBadge />
              </dt>
              <dd>{describeValue(k, policy)}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}

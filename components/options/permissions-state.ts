/** Settings → Permissions' model: the "always allow" grants, the sites denied in runs, and the "Read only" switch. */
import { batch, signal } from '@preact/signals';
import type { DeniedSiteView, GrantView } from '../../lib/background/protocol';
import { sendToBackground } from '../../lib/background/send-to-background';
import { NO_SITE } from '../../lib/tools/site-policy-store';
import { toolTitle } from '../ui/tool-title';
import { t } from '../ui/t';
import { createActionStatus } from './action-status';

/** A grant's site as the user reads it: runs without a page share one key. */
export const siteLabel = (site: string): string => (site === NO_SITE ? t('permissions_no_site') : site);

export function createPermissionsState() {
  const grants = signal<GrantView[]>([]);
  const denied = signal<DeniedSiteView[]>([]);
  const readOnly = signal(false);
  const loaded = signal(false);
  const { message, error, attempt } = createActionStatus();

  // Bumped by each change of the switch: a reload that set out before it (the page's focus reloads) read the
  // setting as it was, and must not put the switch back.
  let changes = 0;
  const reload = async () => {
    const before = changes;
    const [view, settings] = await Promise.all([
      sendToBackground('permissions.list', {}),
      sendToBackground('settings.get', {}),
    ]);
    batch(() => {
      grants.value = view.grants;
      denied.value = view.denied;
      if (changes === before) readOnly.value = settings.readOnly === true;
    });
  };

  return {
    grants,
    denied,
    readOnly,
    loaded,
    message,
    error,
    load: () => attempt(reload).finally(() => (loaded.value = true)),
    setReadOnly: (on: boolean) => {
      changes++;
      const was = readOnly.value;
      readOnly.value = on;
      return attempt(
        async () => {
          try {
            const saved = await sendToBackground('settings.update', { readOnly: on });
            readOnly.value = saved.readOnly === true;
          } catch (error) {
            readOnly.value = was;
            throw error;
          }
        },
        t(on ? 'permissions_read_only_on' : 'permissions_read_only_off'),
      );
    },
    revoke: (g: GrantView) =>
      attempt(
        async () => {
          await sendToBackground('permissions.revoke', { site: g.site, toolName: g.toolName });
          grants.value = grants.value.filter((x) => x.site !== g.site || x.toolName !== g.toolName);
        },
        t('permissions_revoked', toolTitle(g.toolName), siteLabel(g.site)),
      ),
    removeDenied: (d: DeniedSiteView) =>
      attempt(
        async () => {
          await sendToBackground('permissions.removeDenied', { runId: d.runId, toolCallId: d.toolCallId });
          denied.value = denied.value.filter((x) => x.runId !== d.runId || x.toolCallId !== d.toolCallId);
        },
        t('permissions_removed', d.site),
      ),
  };
}

export type PermissionsState = ReturnType<typeof createPermissionsState>;

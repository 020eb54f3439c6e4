import { useMemo, useState } from 'preact/hooks';
import { createTeamPeopleState } from './team-people-state';
import { Field } from './Field';
import { SectionStatus } from './SectionStatus';
import { uiLocale } from '../ui/ui-locale';
import { t } from '../ui/t';

/**
 * "Manage <team>" in Settings → Team, for the team's admins: its people, each removable after a second click (not
 * yourself), and an invitation by email, shown once with a Copy button. Opened, it asks the server for the people.
 */
export function TeamPeople({ team }: { team: { id: string; name: string } }) {
  const state = useMemo(() => createTeamPeopleState(team.id), [team.id]);
  const [copied, setCopied] = useState(false);
  const people = state.people.value;
  const made = state.invitation.value;
  return (
    <details
      class="team-people"
      onToggle={(e) => {
        if ((e.currentTarget as HTMLDetailsElement).open && !people) void state.load();
      }}
    >
      <summary>{t('team_manage', team.name)}</summary>
      <SectionStatus message={state.message.value} error={state.error.value} />
      {people && (
        <ul class="item-list" aria-label={t('team_people_label', team.name)}>
          {people.members.map((m) => (
            <li key={m.userId}>
              <span>
                {m.displayName ? `${m.displayName} (${m.email})` : m.email} ·{' '}
                {t(m.role === 'admin' ? 'team_role_admin' : 'team_role_member')}
              </span>
              {people.canManage &&
                m.userId !== people.selfId &&
                (state.confirming.value === m.userId ? (
                  <span
                    class="team-people-confirm"
                    role="group"
                    aria-label={t('team_people_confirm', m.email, team.name)}
                  >
                    {t('team_people_confirm', m.email, team.name)}{' '}
                    <button
                      type="button"

                      disabled={state.busy.value}
                      onClick={() => void state.remove(m.userId, t('team_people_removed', m.email))}
                    >
                      {t('team_people_confirm_remove', m.email)}
                    </button>{' '}
                    <button type="button" onClick={() => state.askRemove(null)}>
                      {t('team_people_cancel')}
                    </button>
                  </span>
                ) : (
                  <button type="button" onClick={() => state.askRemove(m.userId)}>
                    {t('team_people_remove')}
                  </button>
                ))}
            </li>
          ))}
        </ul>
      )}
      {people?.canManage && (
        <form
          class="form-grid"
          onSubmit={(e) => {
            e.preventDefault();
            setCopied(false);
            void state.invite();
          }}
        >
          <Field label={t('team_invite_email')}>
            <input
              type="email"
              required
              autocomplete="off"
              value={state.email.value}
              onInput={(e) => (state.email.value = (e.target as HTMLInputElement).value)}
            />
          </Field>
          <div class="form-actions">
            <button type="submit" disabled={state.busy.value}>
              {t('team_invite')}
            </button>
          </div>
        </form>
      )}
      {made && (
        <div class="team-invitation">
          <p>{t('team_invite_made', made.email, new Date(made.expiresAt).toLocaleString(uiLocale()))}</p>
          <Field label={t('team_invite_token_label')}>
            <input type="text" readOnly value={made.token} onFocus={(e) => (e.target as HTMLInputElement).select()} />
          </Field>
          <div class="form-actions">
            <button
              type="button"
              onClick={() => void navigator.clipboard.writeText(made.token).then(() => setCopied(true))}
            >
              {copied ? t('team_invite_copied') : t('team_invite_copy')}
            </button>
          </div>
        </div>
      )}
    </details>
  );
}

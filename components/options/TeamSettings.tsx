import { useEffect, useMemo } from 'preact/hooks';
import { Field } from './Field';
import { TeamPeople } from './TeamPeople';
import { ManagedBadge } from './ManagedBadge';
import { SectionStatus } from './SectionStatus';
import { SettingsSection } from './SettingsSection';
import { createTeamState, type TeamState } from './team-state';
import { TeamKnowledgeLine } from './TeamKnowledgeLine';
import type { TeamConnectionStatus } from '../../lib/tools/team/team-connection-store';
import { t, type MessageKey } from '../ui/t';

const STATUS: Record<TeamConnectionStatus, MessageKey> = {
  none: 'team_status_none',
  'signed-out': 'team_status_signed_out',
  connected: 'team_status_connected',
  unreachable: 'team_status_unreachable',
  refused: 'team_status_refused',
};

/**
 * Settings → Team: the team server's address, signing in (with the organisation, when the server offers it, or
 * with an access token), who the server says you are and your teams, and how the connection is. Nothing but "Add a
 * team server" shows until a server is added (or the organisation sets one).
 */
export function TeamSettings() {
  const state = useMemo(createTeamState, []);
  useEffect(() => void state.load(), [state]);
  const view = state.view.value;
  return (
    <SettingsSection id="team" description={t('team_description')}>
      <SectionStatus message={state.message.value} error={state.error.value} />
      {view && (view.url || state.adding.value) ? (
        <Connection state={state} />
      ) : (
        <button type="button" disabled={!view} onClick={() => (state.adding.value = true)}>
          {t('team_add')}
        </button>
      )}
    </SettingsSection>
  );
}

function Connection({ state }: { state: TeamState }) {
  const view = state.view.value!;
  return (
    <>
      <form
        class="form-grid"
        onSubmit={(e) => {
          e.preventDefault();
          void state.saveUrl(t('team_url_saved'));
        }}
      >
        <Field label={t('team_url')} hint={t('team_url_hint')}>
          <input
            type="url"
            required
            placeholder="https://team.example.com"
            disabled={view.managed}
            value={state.url.value}
            onInput={(e) => (state.url.value = (e.target as HTMLInputElement).value)}
          />
        </Field>
        {view.managed ? (
          <ManagedBadge />
        ) : (
          <div class="form-actions">
            <button type="submit" class="primary" disabled={state.busy.value}>
              {t('team_url_save')}
            </button>
            {view.url && (
              <button type="button" disabled={state.busy.value} onClick={() => void state.remove(t('team_removed'))}>
                {t('team_remove')}
              </button>
            )}
          </div>
        )}
      </form>
      {view.url && (
        <p role="status" aria-label={t('team_status')} class={`team-status team-status-${view.status}`}>
          {t(STATUS[view.status])}
          {view.error ? ` ${view.error}` : ''}
        </p>
      )}
      {view.signInRequired && !view.signedIn && <p class="field-hint">{t('team_sign_in_required')}</p>}
      {view.url && (view.signedIn ? <SignedIn state={state} /> : <SignIn state={state} />)}
    </>
  );
}

function SignIn({ state }: { state: TeamState }) {
  const organisation = state.view.value?.organisationSignIn;
  return (
    <>
      {organisation && (
        <>
          <div class="form-actions">
            <button
              type="button"
              class="primary"
              disabled={state.busy.value}
              onClick={() => void state.signInOrganisation(t('team_signed_in'))}
            >
              {t('team_oidc_sign_in')}
            </button>
          </div>
          <p class="field-hint">{t('team_oidc_hint')}</p>
          <p class="field-hint">{t('team_token_or')}</p>
        </>
      )}
      <TokenSignIn state={state} />
    </>
  );
}

/**
 * One secret typed into the token field (an access token, or an invitation): never shown again, sent by `submit`.
 * Signing in and joining another team share it.
 */
function SecretForm(props: {
  state: TeamState;
  label: string;
  hint: string;
  button: string;
  primary?: boolean;
  submit: () => void;
}) {
  const { state } = props;
  return (
    <form
      class="form-grid"
      onSubmit={(e) => {
        e.preventDefault();
        props.submit();
      }}
    >
      <Field label={props.label} hint={props.hint}>
        <input
          type="password"
          autocomplete="off"
          required
          value={state.token.value}
          onInput={(e) => (state.token.value = (e.target as HTMLInputElement).value)}
        />
      </Field>
      <div class="form-actions">
        <button type="submit" class={props.primary ? 'primary' : undefined} disabled={state.busy.value}>
          {props.button}
        </button>
      </div>
    </form>
  );
}

function TokenSignIn({ state }: { state: TeamState }) {
  return (
    <SecretForm
      state={state}
      label={t('team_token')}
      hint={t('team_token_hint')}
      button={t('team_sign_in')}
      primary
      submit={() => void state.signIn(t('team_signed_in'))}
    />
  );
}

function SignedIn({ state }: { state: TeamState }) {
  const { identity } = state.view.value!;
  return (
    <div class="team-identity">
      {identity && (
        <>
          <p>
            {t(
              'team_signed_in_as',
              identity.user.displayName ? `${identity.user.displayName} (${identity.user.email})` : identity.user.email,
            )}
          </p>
          {identity.teams.length ? (
            <ul aria-label={t('team_teams')}>
              {identity.teams.map((team) => (
                <li key={team.id}>
                  {team.name} · {t(team.role === 'admin' ? 'team_role_admin' : 'team_role_member')}
                </li>
              ))}
            </ul>
          ) : (
            <p class="field-hint">{t('team_no_teams')}</p>
          )}
          {identity.teams
            .filter((team) => team.role === 'admin')
            .map((team) => (
              <TeamPeople key={team.id} team={team} />
            ))}
        </>
      )}
      <TeamKnowledgeLine />
      <SecretForm
        state={state}
        label={t('team_join_label')}
        hint={t('team_join_hint')}
        button={t('team_join')}
        submit={() => void state.join(t('team_joined'))}
      />
      <div class="form-actions">
        <button type="button" disabled={state.busy.value} onClick={() => void state.signOut(t('team_signed_out'))}>
          {t('team_sign_out')}
        </button>
      </div>
    </div>
  );
}

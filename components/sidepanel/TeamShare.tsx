import { useEffect, useState } from 'preact/hooks';
import type { MessageAttachment } from '../../lib/core/message-attachment';
import { isImageKind } from '../../lib/core/message-attachment';
import type { SharePhase, TeamShareState } from './team-share-state';
import { t } from '../ui/t';

/** The header's "Share to team" and its menu: the page in front, and the files attached in the conversation. */
export function TeamShareMenu(props: {
  share: TeamShareState;
  tab: { tabId: number; title: string } | null;
  attachments: MessageAttachment[];
  /** The last finished answer that found passages in the user's history, if any. */
  answerId?: string;
}) {
  const { share, tab } = props;
  if (!share.signedIn.value) return null;
  const files = props.attachments.filter((a) => !isImageKind(a.kind));
  const open = share.menuOpen.value;
  return (
    <div class="team-share-menu-wrap">
      <button type="button" aria-haspopup="menu" aria-expanded={open} onClick={() => (share.menuOpen.value = !open)}>
        {t('team_share_menu')}
      </button>
      {open && (
        <ul
          class="team-share-menu"
          role="menu"
          aria-label={t('team_share_menu')}
          onKeyDown={(e) => {
            if (e.key !== 'Escape') return;
            // Closes the menu only: Esc must not also stop a run.
            e.stopPropagation();
            share.menuOpen.value = false;
          }}
        >
          {tab && (
            <li role="none">
              <button
                type="button"
                role="menuitem"
                onClick={() => void share.choose({ source: 'tab', tabId: tab.tabId })}
              >
                {t('team_share_this_page', tab.title)}
              </button>
            </li>
          )}
          {files.map((f) => (
            <li role="none" key={f.id}>
              <button
                type="button"
                role="menuitem"
                onClick={() => void share.choose({ source: 'attachment', attachmentId: f.id })}
              >
                {t('team_share_file', f.name)}
              </button>
            </li>
          ))}
          {props.answerId && (
            <li role="none">
              <button
                type="button"
                role="menuitem"
                onClick={() => void share.choose({ source: 'answer', messageId: props.answerId! })}
              >
                {t('team_share_answer_passages')}
              </button>
            </li>
          )}
          {!tab && files.length === 0 && !props.answerId && (
            <li role="none" class="team-share-nothing">
              {t('team_share_nothing')}
            </li>
          )}
        </ul>
      )}
    </div>
  );
}

/** Seconds left until `at`, counted down once a second while shown. */
function useSecondsLeft(at: number | undefined): number {
  const left = () => (at === undefined ? 0 : Math.max(0, Math.ceil((at - Date.now()) / 1000)));
  const [seconds, setSeconds] = useState(left);
  useEffect(() => {
    setSeconds(left());
    if (at === undefined) return;
    const id = setInterval(() => setSeconds(left()), 1000);
    return () => clearInterval(id);
  }, [at]);
  return seconds;
}

function ShareStatus({ phase, host }: { phase: SharePhase; host: string }) {
  const seconds = useSecondsLeft(phase.kind === 'busy' ? phase.retryAt : undefined);
  switch (phase.kind) {
    case 'reading':
      return <>{t('team_share_reading')}</>;
    case 'preview':
      return null;
    case 'sending':
      return <>{t('team_share_sending')}</>;
    case 'busy':
      return <>{t('team_share_busy_wait', host, seconds)}</>;
    case 'error':
      return <>{phase.message}</>;
    case 'sent': {
      const d = phase.document;
      if (phase.duplicate && d.status === 'indexed') return <>{t('team_share_duplicate')}</>;
      if (d.status === 'failed') return <>{t('team_share_failed_server', d.error ?? '')}</>;
      if (d.status === 'indexed') return <>{t('team_share_indexed', d.chunkCount)}</>;
      return <>{t(d.status === 'indexing' ? 'team_share_indexing' : 'team_share_queued')}</>;
    }
  }
}

/** The preview card: exactly the body that will be sent, then the upload's progress and the server's queue state. */
export function TeamShareCard({ share }: { share: TeamShareState }) {
  const phase = share.phase.value;
  const preview = share.preview.value;
  if (!phase) return null;
  const canShare = preview && (phase.kind === 'preview' || phase.kind === 'error' || phase.kind === 'busy');
  const done = phase.kind === 'sent';
  return (
    <section class="team-share-card" aria-label={t('team_share_card')}>
      {preview && (
        <>
          <p class="team-share-to">{t('team_share_to', preview.team.name, preview.host)}</p>
          {preview.teams.length > 1 && (
            <label class="team-share-team">
              {t('team_share_team_label')}{' '}
              <select
                value={preview.team.id}
                disabled={!canShare}
                onChange={(e) => share.chooseTeam((e.currentTarget as HTMLSelectElement).value)}
              >
                {preview.teams.map((team) => (
                  <option key={team.id} value={team.id}>
                    {team.name}
                  </option>
                ))}
              </select>
            </label>
          )}
          <dl>
            <dt>{t('team_share_title_label')}</dt>
            <dd data-field="title">{preview.body.title}</dd>
            {preview.body.sourceUrl && (
              <>
                <dt>{t('team_share_url_label')}</dt>
                <dd data-field="url">{preview.body.sourceUrl}</dd>
              </>
            )}
          </dl>
          <pre class="team-share-text" aria-label={t('team_share_text_label')} tabIndex={0}>
            {preview.body.text ?? preview.body.passages?.join('\n\n')}
          </pre>
          <p class="team-share-note">{t('team_share_note')}</p>
        </>
      )}
      <p class="team-share-status" role="status">
        <ShareStatus phase={phase} host={preview?.host ?? ''} />
      </p>
      <div class="team-share-actions">
        {canShare && (
          <button type="button" class="primary" onClick={() => void share.share()}>
            {phase.kind === 'preview' ? t('team_share_share') : t('team_share_retry')}
          </button>
        )}
        <button type="button" onClick={() => share.cancel()}>
          {done ? t('team_share_close') : t('team_share_cancel')}
        </button>
      </div>
    </section>
  );
}

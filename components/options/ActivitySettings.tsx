import { useEffect, useMemo } from 'preact/hooks';
import type { ActivityLine } from '../../lib/agent/activity-line';
import { createActivityState, type ActivityState } from './activity-state';
import { activityApprovalLabel, activityKindLabel, activityOutcomeLabel } from './activity-labels';
import { formatCount, formatNumber } from './format-figures';
import { SectionStatus } from './SectionStatus';
import { SettingsSection } from './SettingsSection';
import { toolTitle } from '../ui/tool-title';
import { uiLocale } from '../ui/ui-locale';
import { t } from '../ui/t';

const formatTime = (ms: number) => new Date(ms).toLocaleString(uiLocale());

/**
 * What the agent did: every consequential call (fills, clicks, typing, submits, navigations, memories, MCP
 * calls), newest first, with its site, conversation, what was approved and how. Everything in a line is shown
 * as text: addresses are never links, page text is never markup.
 */
export function ActivitySettings({ state: given }: { state?: ActivityState }) {
  const state = useMemo(() => given ?? createActivityState(), [given]);
  useEffect(() => {
    void state.load();
    return state.followUpload();
  }, [state]);
  const view = state.view.value;
  return (
    <SettingsSection id="activity" description={t('activity_description')}>
      <SectionStatus message={state.message.value} error={state.error.value} />
      <div class="form-actions">
        <input
          type="search"
          class="activity-search"
          value={state.query.value}
          placeholder={t('activity_search_placeholder')}
          aria-label={t('activity_search_label')}
          onInput={(e) => void state.search(e.currentTarget.value)}
        />
        <button type="button" disabled={state.busy.value} onClick={() => void state.exportAs('csv')}>
          {t('activity_export_csv')}
        </button>
        <button type="button" disabled={state.busy.value} onClick={() => void state.exportAs('json')}>
          {t('activity_export_json')}
        </button>
      </div>
      {view && <ActivityFigures view={view} query={state.query.value.trim()} />}
      {view?.upload && <ActivityUpload upload={view.upload} />}
      {view && view.lines.length > 0 && (
        <ul class="item-list activity-list" aria-label={t('activity_list_label')}>
          {view.lines.map((line) => (
            <ActivityRow key={line.id} line={line} />
          ))}
        </ul>
      )}
      <form
        class="form-actions activity-retention"
        onSubmit={(e) => {
          e.preventDefault();
          void state.saveRetention();
        }}
      >
        <label>
          {t('activity_retention_label')}{' '}
          <input
            type="number"
            min={1}
            max={3650}
            step={1}
            value={state.retentionDraft.value}
            onInput={(e) => (state.retentionDraft.value = e.currentTarget.value)}
          />
        </label>
        <button type="submit">{t('activity_retention_save')}</button>
      </form>
    </SettingsSection>
  );
}

/** How many lines there are, how many the search matched, how many the page leaves out, and any skipped as damaged. */
function ActivityFigures({ view, query }: { view: NonNullable<ActivityState['view']['value']>; query: string }) {
  const hidden = view.matched - view.lines.length;
  return (
    <>
      <p class="figure-line activity-figures">
        {view.total === 0
          ? t('activity_none')
          : view.matched === 0
            ? t('activity_no_match', query)
            : query
              ? t('activity_matched', formatNumber(view.matched), formatNumber(view.total))
              : t('activity_count', formatCount(view.total, 'line'), formatCount(view.retentionDays, 'day'))}
      </p>
      {hidden > 0 && <p class="activity-hidden">{t('activity_hidden', formatCount(hidden, 'line'))}</p>}
      {view.corrupt > 0 && <p class="activity-corrupt">{t('activity_corrupt', formatCount(view.corrupt, 'line'))}</p>}
    </>
  );
}

/** The team server's outbox: how many lines wait and when the next try is, and which team they go to. */
function ActivityUpload({ upload }: { upload: NonNullable<ActivityState['view']['value']>['upload'] & object }) {
  return (
    <div class="activity-upload" role="status" aria-label={t('activity_upload_label')}>
      <p class="figure-line activity-upload-waiting">
        {upload.waiting === 0
          ? t('activity_upload_all_sent')
          : upload.nextAttemptAt !== undefined
            ? t('activity_upload_waiting', formatCount(upload.waiting, 'line'), formatTime(upload.nextAttemptAt))
            : t('activity_upload_waiting_now', formatCount(upload.waiting, 'line'))}
      </p>
      {upload.lastError && <p class="activity-upload-error">{t('activity_upload_error', upload.lastError)}</p>}
      {upload.team && upload.team.others > 0 && (
        <p class="activity-upload-team">
          {t('activity_upload_team', upload.team.name, formatNumber(upload.team.others + 1))}
        </p>
      )}
    </div>
  );
}

function ActivityRow({ line }: { line: ActivityLine }) {
  const approval = activityApprovalLabel(line.approval, line.outcome);
  return (
    <li data-activity={line.id} data-kind={line.kind} data-outcome={line.outcome}>
      <span class="item-main">
        <span class="activity-what">
          <strong>{activityKindLabel(line.kind)}</strong> · {toolTitle(line.toolName)}
        </span>
        <span class="activity-site">{line.site || t('activity_no_site')}</span>
        {approval && <span class="activity-approval">{approval}</span>}
        <span class="activity-outcome">{activityOutcomeLabel(line.outcome)}</span>
        <small class="item-detail">
          <time dateTime={new Date(line.at).toISOString()}>{formatTime(line.at)}</time>
          <span class="activity-conversation">
            {t('activity_in_conversation', line.conversationTitle || t('activity_untitled'))}
          </span>
          <span class="activity-tool-name">{line.toolName}</span>
        </small>
        <ActivityDetails line={line} />
      </span>
    </li>
  );
}

/** What was approved: the element, the destination (as text, never a link) and the values written. */
function ActivityDetails({ line }: { line: ActivityLine }) {
  if (line.pageTextDropped)
    return <small class="item-detail activity-dropped">{t('activity_page_text_dropped')}</small>;
  return (
    <>
      {line.target && <span class="activity-target">{t('activity_target', line.target)}</span>}
      {line.destination && <span class="activity-destination">{t('activity_destination', line.destination)}</span>}
      {line.written && line.written.length > 0 && (
        <ul class="activity-written" aria-label={t('activity_written_label')}>
          {line.written.map((w, i) => (
            <li key={i}>
              <span class="activity-field">{w.field}</span>: <span class="activity-value">{w.value}</span>
            </li>
          ))}
        </ul>
      )}
      {line.reason && <span class="activity-reason">{t('activity_reason', line.reason)}</span>}
    </>
  );
}

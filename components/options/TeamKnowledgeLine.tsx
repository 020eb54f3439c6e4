import { useEffect, useMemo } from 'preact/hooks';
import { createTeamKnowledgeState } from './team-knowledge-state';
import { t } from '../ui/t';
import { formatInteger } from '../../lib/util/format-integer';

/** "N documents indexed, M waiting" on the team server, kept live while Settings → Team is shown. */
export function TeamKnowledgeLine() {
  const state = useMemo(() => createTeamKnowledgeState(), []);
  useEffect(() => {
    void state.follow();
    return () => state.stop();
  }, [state]);
  const view = state.view.value;
  if (!view?.signedIn) return null;
  const c = view.counts;
  return (
    <p role="status" aria-label={t('team_knowledge')} class="field-hint" data-testid="team-knowledge">
      {c &&
        t(
          c.capped ? 'team_knowledge_counts_capped' : 'team_knowledge_counts',
          formatInteger(c.indexed),
          formatInteger(c.waiting),
          formatInteger(c.failed),
        )}
      {view.error ? ` ${view.error}` : ''}
    </p>
  );
}

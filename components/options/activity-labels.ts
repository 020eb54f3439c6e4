/** How Settings → Activity names a line's kind, how it was approved and how it ended, in the user's words. */
import type { ActivityKind, ActivityOutcome, ApprovalMethod } from '../../lib/agent/activity-line';
import { t, type MessageKey } from '../ui/t';

const KIND: Record<ActivityKind, MessageKey> = {
  fill: 'activity_kind_fill',
  click: 'activity_kind_click',
  type: 'activity_kind_type',
  submit: 'activity_kind_submit',
  navigate: 'activity_kind_navigate',
  tab: 'activity_kind_tab',
  memory_saved: 'activity_kind_memory_saved',
  memory_forgotten: 'activity_kind_memory_forgotten',
  mcp_call: 'activity_kind_mcp_call',
  team_share: 'activity_kind_team_share',
  other: 'activity_kind_other',
};

const APPROVAL: Record<ApprovalMethod, MessageKey> = {
  card: 'activity_approval_card',
  always: 'activity_approval_always',
  policy: 'activity_approval_policy',
  not_needed: 'activity_approval_not_needed',
};

const OUTCOME: Record<ActivityOutcome, MessageKey> = {
  done: 'activity_outcome_done',
  failed: 'activity_outcome_failed',
  refused: 'activity_outcome_refused',
  denied: 'activity_outcome_denied',
  unknown: 'activity_outcome_unknown',
};

export const activityKindLabel = (k: ActivityKind) => t(KIND[k]);
/**
 * How the call was approved, as the line says it: a denied one was decided on its card ("approved on the card"
 * would misread it), and one a gate refused before any card has nothing to say (undefined).
 */
export function activityApprovalLabel(a: ApprovalMethod, outcome: ActivityOutcome): string | undefined {
  if (outcome === 'denied' && a === 'card') return t('activity_approval_denied_card');
  if (outcome === 'refused' && a === 'not_needed') return undefined;
  return t(APPROVAL[a]);
}
export const activityOutcomeLabel = (o: ActivityOutcome) => t(OUTCOME[o]);

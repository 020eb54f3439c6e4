/**
 * One line of the local Activity log: a consequential thing the agent did (or was refused or denied), when,
 * on which site, in which conversation, what was approved and how. A line is written once per tool call (its
 * id is the run's and the call's), checked by `activityLineSchema` when it is read back, and carries a `sent`
 * marker so a team server can later take each line exactly once.
 */
import { z } from 'zod';

/** What kind of thing was done; `other` for a consequential tool this list does not name. */
export const ACTIVITY_KINDS = [
  'fill',
  'click',
  'type',
  'submit',
  'navigate',
  'tab',
  'memory_saved',
  'memory_forgotten',
  'mcp_call',
  /** A document the user shared with their team server ("Share to team", after its preview card). */
  'team_share',
  'other',
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/**
 * How the call came to run: on its card, under an "always allow" the user gave for the site, under a policy
 * (an MCP tool's Settings policy, an organisation's), or without asking (navigating to a site already in the
 * run, a tool that asks nothing). A denied line says `card`: that is where it was denied.
 */
export const APPROVAL_METHODS = ['card', 'always', 'policy', 'not_needed'] as const;
export type ApprovalMethod = (typeof APPROVAL_METHODS)[number];

/** done; failed (with its reason); refused by a gate before it acted; denied on its card; unknown (stopped mid-call). */
export const ACTIVITY_OUTCOMES = ['done', 'failed', 'refused', 'denied', 'unknown'] as const;
export type ActivityOutcome = (typeof ACTIVITY_OUTCOMES)[number];

/** Longest text kept in one field of a line, so a line stays small whatever the model wrote. */
export const ACTIVITY_TEXT_MAX = 300;
/** Most values kept of one call. */
export const ACTIVITY_WRITTEN_MAX = 40;

const text = z.string().max(ACTIVITY_TEXT_MAX * 2);

/** A value the call wrote, under the field's label where the card showed one (masked for secrets). */
export const writtenSchema = z.object({ field: text, value: text });
export type ActivityWritten = z.infer<typeof writtenSchema>;

export const activityLineSchema = z.object({
  /** Stable and unique: `<runId>:<toolCallId>` (a call is logged once, whatever restarts happen). */
  id: z.string().min(1).max(500),
  at: z.number().finite().nonnegative(),
  kind: z.enum(ACTIVITY_KINDS),
  toolName: z.string().min(1).max(200),
  /** The origin acted on ('' when there is none, as for a memory saved with no page open). */
  site: z.string().max(500),
  conversationId: z.string().max(500),
  conversationTitle: z.string().max(500).optional(),
  runId: z.string().max(500),
  approval: z.enum(APPROVAL_METHODS),
  outcome: z.enum(ACTIVITY_OUTCOMES),
  /** Page text and model text from here on: dropped when the conversation is deleted. */
  reason: text.optional(),
  /** The element acted on as the card named it ('button "Place order"'). */
  target: text.optional(),
  /** Where it sends the page (a link's, a form's or a navigation's address). */
  destination: text.optional(),
  written: z.array(writtenSchema).max(ACTIVITY_WRITTEN_MAX).optional(),
  /** Set once the conversation was deleted and the line's page text with it. */
  pageTextDropped: z.literal(true).optional(),
  /** 0 until a team server took the line (IndexedDB indexes numbers, not booleans). */
  sent: z.union([z.literal(0), z.literal(1)]),
});
export type ActivityLine = z.infer<typeof activityLineSchema>;

/** A line as the runtime reports it: the background adds the conversation's title and the outbox marker. */
export type ActivityDraft = Omit<ActivityLine, 'conversationTitle' | 'sent'>;

/** Where the runtime reports activity lines (the background's store adds the conversation's title). */
export interface ActivitySink {
  record(line: ActivityDraft): Promise<void>;
}

/** The fields that hold page or model text: what deleting the conversation takes out of its lines. */
export const PAGE_TEXT_FIELDS = ['reason', 'target', 'destination', 'written'] as const;

/** A line without its page text (its conversation was deleted): when, where, what kind and how it was approved stay. */
export function withoutPageText(line: ActivityLine): ActivityLine {
  const kept = { ...line };
  for (const f of PAGE_TEXT_FIELDS) delete kept[f];
  return { ...kept, pageTextDropped: true };
}

/** What kind of thing a consequential call of `toolName` does. */
export function activityKindOf(toolName: string): ActivityKind {
  if (toolName.startsWith('mcp__')) return 'mcp_call';
  return KIND_BY_TOOL[toolName] ?? 'other';
}

const KIND_BY_TOOL: Record<string, ActivityKind> = {
  fill_form: 'fill',
  fill_password: 'fill',
  select: 'fill',
  set_value: 'fill',
  type: 'type',
  press: 'type',
  click: 'click',
  submit_form: 'submit',
  navigate: 'navigate',
  go_back: 'navigate',
  open_tab: 'navigate',
  close_tab: 'tab',
  memory_save: 'memory_saved',
  memory_delete: 'memory_forgotten',
};

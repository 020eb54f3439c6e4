/** What the user saw of a run, part by part: stored with the answer, replayed by the panel, exported. */
import type { ToolResult } from './tool-result';

/**
 * Why the access gate refused a call: read only, or no access to the site; `org-` when the organisation's policy
 * set it (the user cannot change it), else the user's own "Read only" switch.
 */
export const ACCESS_REFUSALS = ['read-only', 'no-access', 'org-read-only', 'org-no-access'] as const;
export type AccessRefusalKind = (typeof ACCESS_REFUSALS)[number];
export const isAccessRefusal = (outcome: string | undefined): outcome is AccessRefusalKind =>
  (ACCESS_REFUSALS as readonly (string | undefined)[]).includes(outcome);

export type RunFinishReason = 'stop' | 'length' | 'step-limit' | 'stopped' | 'error';

/** `denied`: the user refused the call, so it never ran (shown apart from a failure). */
export type ToolPartStatus = 'running' | 'awaiting-approval' | 'done' | 'error' | 'denied';

/** The result of undoing a fill: the keys put back and the ones that could not be, or why nothing was. */
export type UndoOutcome = { restored: string[]; failed: { key: string; reason: string }[] } | { error: string };

/** A field of a pending write whose value the run read on another origin (`from`), shown on the approval card. */
export interface DataFlowFlag {
  field: string;
  from: string;
}

/** One piece of what the user saw of a run: text, a tool card (with its approval and nested sub-agent parts), an interjection or a notice. */
export type RunPart =
  | { kind: 'text'; text: string }
  | { kind: 'reasoning'; text: string }
  | {
      kind: 'tool';
      toolCallId: string;
      toolName: string;
      input?: unknown;
      status: ToolPartStatus;
      result?: ToolResult;
      /** Written before results were typed (older messages and export files): read through the legacy normaliser. */
      output?: string;
      durationMs?: number;
      /** The access gate refused the call: its card says read only is on (or that Tabwise has no access there), and whose rule it was. */
      refused?: AccessRefusalKind;
      approval?: {
        preview: string;
        decision?: 'approved' | 'denied' | 'always';
        canAlwaysAllow?: boolean;
        origin?: string;
        dataFlows?: DataFlowFlag[];
        destination?: string;
      };
      nested?: RunPart[];
      /** The call asks the user for a document's password on its card (never the password itself). */
      password?: { promptId: string; file: string; wrong?: true; decision?: 'given' | 'cancelled' };
      /** What the user's Undo of this call did (fill_form): set once, so the card stops offering it. */
      undo?: UndoOutcome;
    }
  | { kind: 'interjection'; text: string }
  | { kind: 'notice'; text: string }
  /** The run paused at its step limit: "Continue for `more` more steps?", and what the user answered. */
  | { kind: 'pause'; pauseId: string; steps: number; more: number; decision?: 'continue' | 'stop' };

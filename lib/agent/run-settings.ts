/** What a run is configured with; stored in the run record so a resumed run behaves the same. */
import type { GroundingPassage } from '../retrieval/history-passage';
import type { ModelChoice } from './model-ref';
import type { ImagePart } from '../core/chat-message';
import type { RecordingStep } from '../core/recording';

export type { GroundingPassage };

export interface PageContext {
  url: string;
  title?: string;
  selectedText?: string;
}

/** Passages retrieved for the user's message and how strictly the answer must stick to them. */
export interface Grounding {
  mode: 'prefer' | 'only';
  passages: GroundingPassage[];
}

/** A tab the user @-mentioned: its id, and its title and address when the message was sent (page text). */
export interface MentionedTab {
  tabId: number;
  title: string;
  url: string;
}

/**
 * A file the user attached to a message of the conversation, as the model is told of it: its text when it is a
 * document (file text, untrusted), or why it was not sent. Kept in the run's settings, so a resumed run sends
 * exactly what it sent before the worker stopped.
 */
export interface AttachedFile {
  name: string;
  /** How the kind is named ("PDF", "CSV file"). */
  kind: string;
  pages?: number;
  rows?: number;
  text?: string;
  /** What the reader left out or could not do. */
  notes?: string[];
  notSent?: string;
  /** An image the model takes: sent as an image part after the turn's data block. */
  image?: { mediaType: ImagePart['mediaType']; data: string };
  /** Whether it came with the message this run answers (else with an earlier one). */
  current: boolean;
  /** A spreadsheet's: the reader page address its rows are cited with (`…&sheet=NAME&rows=A-B`). */
  citeRows?: string;
}

export interface RunSettings {
  /** Model calls before the run pauses to ask "Continue for N more steps?" (default 10, at most 50). */
  maxSteps?: number;
  customInstructions?: string;
  /** The organisation's instructions from Chrome policy when the run started (lib/policy), in their own block. */
  organizationInstructions?: string;
  pageContext?: PageContext;
  /** Names of the tools this run may use; default: every registered tool. */
  toolNames?: string[];
  /** The model's context window in tokens, for trimming (default 128k). */
  contextWindowTokens?: number;
  maxOutputTokens?: number;
  temperature?: number;
  reasoning?: { effort?: 'low' | 'medium' | 'high'; budgetTokens?: number };
  tabId?: number;
  frameId?: number;
  /** Tabs the user @-mentioned in the message, as they were when it was sent: the run may read them too (lib/tools/tabs). */
  mentionedTabs?: MentionedTab[];
  /** Origin of the page (for "always allow on this site"). Defaults to pageContext.url's origin. */
  site?: string;
  /** Files attached to the conversation's messages; sent in the user turn's data block, as untrusted file text. */
  attachments?: AttachedFile[];
  /** Retrieved history passages (grounding on); sent in the user turn's data block, so the user can inspect them. */
  grounding?: Grounding;
  /** Tool calls one model step may make before the run ends unrun (default 10). */
  maxToolCallsPerStep?: number;
  /** Sub-agents of one run that may run at once (default 2). */
  maxConcurrentSubAgents?: number;
  /**
   * Tokens a run (with its sub-agents) may use, as the provider bills them: cached prompt tokens at their cached
   * weight (default 1M: a 30-step task on a 10k-token page fits, cached or not).
   */
  maxRunTokens?: number;
  /**
   * Whose "always allow" grants hold in this run. Absent: the user's, per site. A scheduled task's run has
   * `task:<id>`: only grants given on that task's own cards, for that site, hold (schedule-grants.ts); the
   * user's site-wide grants are not inherited by a run nobody watches.
   */
  grantScope?: string;
  /**
   * The run's own model, then the fallbacks the user listed, in order: a failure another provider may not
   * share moves the run to the next (lib/agent/model-fallback.ts). Absent: no fallback.
   */
  modelChain?: ModelChoice[];
  /**
   * The random boundary of this run's untrusted-data blocks. Set by the runtime when the run starts and kept
   * here so every step, and a resumed run, sends exactly the same blocks.
   */
  dataBoundary?: string;
  /**
   * A recording's replay (lib/agent/replay-model.ts): the run's steps come from these, with no model call while
   * each matches the page. Kept here so a resumed run replays exactly what it started with.
   */
  replay?: { taskName: string; intent: string; steps: RecordingStep[] };
}

export const DEFAULT_MAX_STEPS = 10;
export const MAX_STEPS_CEILING = 50;
export const DEFAULT_CONTEXT_WINDOW = 128_000;

/** A run's caps: each is a setting, its default, and the bounds the settings form and schema enforce. */
export const RUN_LIMITS = {
  maxToolCallsPerStep: { default: 10, min: 1, max: 100 },
  maxConcurrentSubAgents: { default: 2, min: 0, max: 10 },
  maxRunTokens: { default: 1_000_000, min: 1_000, max: 10_000_000 },
} as const;

export type RunLimitName = keyof typeof RUN_LIMITS;

/** The run's value for a cap, clamped to its bounds (a bad value falls back to the default, never to "no limit"). */
export function resolveRunLimit(settings: RunSettings, name: RunLimitName): number {
  const { default: fallback, min, max } = RUN_LIMITS[name];
  const value = settings[name];
  if (value === undefined || !Number.isFinite(value)) return fallback;
  return Math.min(max, Math.max(min, Math.floor(value)));
}

/** The user's step limit, clamped to 1..ceiling (a bad value falls back to the default, not to "no limit"). */
export function resolveMaxSteps(value: number | undefined, ceiling = MAX_STEPS_CEILING): number {
  if (value === undefined || !Number.isFinite(value)) return DEFAULT_MAX_STEPS;
  return Math.min(ceiling, Math.max(1, Math.floor(value)));
}

/** The site key for approval policy: explicit, else the page URL's origin. */
export function resolveSite(settings: RunSettings): string | undefined {
  if (settings.site) return settings.site;
  const url = settings.pageContext?.url;
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch (error) {
    // A page URL we cannot parse still deserves a stable key; the raw string is one.
    void error;
    return url;
  }
}

/** The run's data boundary; runs journaled before boundaries existed fall back to their (unguessable) id. */
export const resolveDataBoundary = (run: { id: string; settings: RunSettings }): string =>
  run.settings.dataBoundary ?? run.id.replace(/[^a-z0-9]/gi, '');

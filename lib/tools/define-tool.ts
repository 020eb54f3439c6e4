/**
 * Tools: what the model may call. A tool is plain data plus an `execute`; its description lives in
 * `prompts/tool-<name>.md` so prose stays reviewable apart from code, and its input is a zod schema that
 * is both the validator and (via z.toJSONSchema) what the provider sees.
 */
import type { z } from 'zod';
import type { ShownIdentity } from '../page/shown-identity';
import type { UntrustedKind } from '../core/tool-result';

/** A sub-agent request made by the `delegate` tool; the runtime checks depth and cycles. */
export interface DelegateRequest {
  agent: string;
  task: string;
}

/**
 * Where a consequential call would land: the origin of the document it acts on and, for page tools, that
 * document and the snapshot whose keys it uses. Approvals (and "always allow") are bound to it.
 */
export interface ActionTarget {
  origin: string;
  /** The page agent's id of the document acted on. */
  documentId?: string;
  /** The snapshot (get_form_state) whose keys the call uses. */
  snapshotId?: string;
  /**
   * What the card shows of the elements the call acts on, read in the page when located (role, name, link
   * target, form destination): kept with the approval and checked again in the page at the moment of acting.
   */
  shown?: ShownIdentity[];
  /** Where the call can send the page: a link's URL or the action URL of the form it submits (absolute). */
  destination?: string;
}

/**
 * Text a tool brought back from a web origin. The runtime keeps it with the call's record, so a later write
 * of that text on another origin is flagged on its approval card. `text` unset: the call's whole output.
 */
export interface ReadSource {
  origin: string;
  text?: string;
}

/** A value a consequential call would write, and the field (or slot) it goes to. */
export interface WrittenValue {
  field: string;
  value: string;
}

/**
 * How one call is asked, where a tool decides it per call (call_page_tool: by the page tool it names): the
 * key "always allow" and "approved earlier in this run" are recorded under (instead of the tool's name), and
 * the tool's `alwaysAsk` and `askOncePerRun` for this call.
 */
export interface CallPolicy {
  key: string;
  alwaysAsk: boolean;
  askOncePerRun: boolean;
}

/** What a running tool may know about and use. Everything is injected by the runtime. */
export interface ToolContext {
  runId: string;
  toolCallId: string;
  /** Aborted when the user stops the run, the tool times out, or the worker is going away. */
  signal: AbortSignal;
  tabId?: number;
  frameId?: number;
  /** Origin of the page the run started on (approval policy uses the call's target, below, where it has one). */
  site?: string;
  /** URL of the page open when the run started (the panel's page context), if any. */
  pageUrl?: string;
  /** The tabs the user @-mentioned in the message the run answers (fixed for the run). */
  mentionedTabIds?: readonly number[];
  /** Where this call lands, as located before approval; at execute time, what the user approved. */
  target?: ActionTarget;
  /** Names of the agents above this call (empty for the top-level run). */
  agentPath: readonly string[];
  /** Runs a sub-agent under this tool call and resolves with its final text. */
  delegate(request: DelegateRequest): Promise<string>;
  now(): number;
  /**
   * Asks the user, on this call's card, for the password of the document `file` (`wrong`: the last one was not
   * right) and resolves with what they typed, or undefined when they cancelled. The password goes from the card
   * to this worker's memory only: never into the journal, an event, the result or the model's request.
   */
  askDocumentPassword?(file: string, wrong: boolean): Promise<string | undefined>;
  /**
   * Shows, on this call's card, that the page's tool asks the user to interact with the page (WebMCP
   * `requestUserInteraction`): `site`, the page `tool` and the page's `words` for it. Resolves true on Continue.
   */
  askPageInteraction?(ask: { site: string; tool: string; words: string }): Promise<boolean>;
  /** Whether the run's model takes images, as the model catalog knows it (unknown models: not known to). */
  modelTakesImages?: boolean;
  /** Says where text in this call's output came from (the runtime records it for the data-flow check). */
  reportRead?(source: ReadSource): void;
}

/**
 * What kind of untrusted text a tool's output carries: `page_content` (anything a web page wrote: its text,
 * labels, titles, URLs, indexed passages) or `saved_memory` (memories, which may have come from pages).
 */

export interface Tool<I = unknown> {
  name: string;
  /** Only for tools that bring their own prose (user, MCP); built-ins read prompts/tool-<name>.md. */
  description?: string;
  input: z.ZodType<I>;
  /** A JSON Schema sent to the provider instead of `input`'s conversion (MCP tools bring their own, checked). */
  inputJsonSchema?: Record<string, unknown>;
  /** Where the work happens: 'page' tools send it to the content script of the run's tab through their router. */
  runsIn: 'background' | 'page';
  /** Read-only tools may be re-run after a worker crash; others are reported as "outcome unknown". */
  readOnly: boolean;
  needsApproval: boolean;
  /** Approval is asked every time: "always allow on this site" is neither offered nor honoured. */
  alwaysAsk?: boolean;
  /** Once the user approved it on a site (its target's origin) in a run, later calls there in that run are not asked again. */
  askOncePerRun?: boolean;
  /** Overrides the runtime's default (30 s). */
  timeoutMs?: number;
  /** Set when the output carries untrusted text: the runtime wraps it in a marked data block (never by hand). */
  untrustedOutput?: UntrustedKind;
  /** Does the work and resolves with its output; a thrown ToolError's message is what the model reads. */
  execute(input: I, ctx: ToolContext): unknown;
  /**
   * Whether the model is offered the tool on this step (absent: always). A tool that cannot apply now (page
   * tools on a page that cannot be scripted, search_history while remembering is off) costs tokens on every
   * request for nothing. Only the offer: a call made anyway still runs through every gate.
   */
  offered?(ctx: ToolContext): boolean | Promise<boolean>;
  /**
   * A readable, one-glance summary of the arguments for the approval prompt. It may be async and use the
   * context (e.g. fill_form reads the fields' current values from the page); if it fails or is slow, the
   * runtime shows its generic preview instead.
   */
  preview?(input: I, ctx: ToolContext): string | Promise<string>;
  /**
   * Where the call would land now (the page tools: the snapshot's document and its origin). Asked before
   * approval and again before the call runs; a change in between refuses the call. Throwing a ToolError
   * refuses the call with that message, without asking the user.
   */
  locate?(input: I, ctx: ToolContext): Promise<ActionTarget | undefined>;
  /** The text values this call would write (checked against what the run read on other origins). */
  writtenValues?(input: I): WrittenValue[];
  /**
   * For a tool that needs approval only for some calls (navigate: an origin new to the run), whether this
   * one must be asked; asked after locate. Absent: every call is asked, as `needsApproval` says.
   */
  asksFor?(input: I, ctx: ToolContext): Promise<boolean>;
  /** This call's policy, from where it was located (absent: the tool's name, `alwaysAsk` and `askOncePerRun`). */
  callPolicy?(input: I, target: ActionTarget | undefined): Promise<CallPolicy | undefined>;
}

export interface ToolDefinition<S extends z.ZodType> {
  name: string;
  description?: string;
  input: S;
  inputJsonSchema?: Record<string, unknown>;
  runsIn?: 'background' | 'page';
  readOnly: boolean;
  needsApproval?: boolean;
  alwaysAsk?: boolean;
  askOncePerRun?: boolean;
  timeoutMs?: number;
  untrustedOutput?: UntrustedKind;
  execute(input: z.output<S>, ctx: ToolContext): unknown;
  offered?(ctx: ToolContext): boolean | Promise<boolean>;
  preview?(input: z.output<S>, ctx: ToolContext): string | Promise<string>;
  locate?(input: z.output<S>, ctx: ToolContext): Promise<ActionTarget | undefined>;
  writtenValues?(input: z.output<S>): WrittenValue[];
  asksFor?(input: z.output<S>, ctx: ToolContext): Promise<boolean>;
  callPolicy?(input: z.output<S>, target: ActionTarget | undefined): Promise<CallPolicy | undefined>;
}

const toolNamePattern = /^[a-zA-Z][a-zA-Z0-9_-]{0,63}$/;

/** Declares a tool; names must be valid for both vendors' APIs (letters, digits, _ and -). */
export function defineTool<S extends z.ZodType>(def: ToolDefinition<S>): Tool<z.output<S>> {
  if (!toolNamePattern.test(def.name)) throw new Error(`Invalid tool name "${def.name}": use letters, digits, _ and -`);
  // Tools from plain JavaScript (user, MCP) bypass the type, so the check stays at run time too.
  if (typeof def.execute !== 'function') throw new Error(`Tool "${def.name}" needs execute()`);
  const runsIn = def.runsIn ?? 'background';
  return { ...def, runsIn, needsApproval: def.needsApproval ?? false, input: def.input as z.ZodType<z.output<S>> };
}

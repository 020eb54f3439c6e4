/**
 * The records the stores keep. Plain data: they cross contexts and live in IndexedDB.
 *
 * Storage sits below every folder that fills these records, so the plain-data shapes a record holds are
 * declared here and reused above under the same names: the provider contract's messages and usage
 * (lib/providers/chat-model.ts), an error and a run's finish (lib/agent/agent-event.ts), and what the user saw
 * of a run (lib/agent/run-view.ts). The provider record extends the provider config and lives in
 * lib/providers/provider-record.ts.
 */
import type { ErrorCode } from '../messaging/error-code';

export interface EncryptedSecret {
  iv: Uint8Array;
  data: ArrayBuffer;
}

export interface TextPart {
  type: 'text';
  text: string;
}
export interface ReasoningPart {
  type: 'reasoning';
  text: string;
  signature?: string;
}
export interface ToolCallPart {
  type: 'tool-call';
  toolCallId: string;
  toolName: string;
  input: unknown;
}
export interface ToolResultPart {
  type: 'tool-result';
  toolCallId: string;
  toolName: string;
  output: string;
  isError?: boolean;
}

/** A message in the vendor-neutral shape the ChatModel contract takes. */
export type ChatMessage =
  | { role: 'user'; content: TextPart[] }
  | { role: 'assistant'; content: Array<TextPart | ReasoningPart | ToolCallPart> }
  | { role: 'tool'; content: ToolResultPart[] };

export interface Usage {
  inputTokens: number;
  outputTokens: number;
  /** Prompt tokens served from the provider's cache (OpenAI cached_tokens, Anthropic cache_read_input_tokens). */
  cachedInputTokens: number;
  /** Anthropic cache_creation_input_tokens; 0 elsewhere. */
  cacheWriteTokens: number;
}

export type RunFinishReason = 'stop' | 'length' | 'step-limit' | 'stopped' | 'error';

export interface ErrorInfo {
  code: ErrorCode;
  message: string;
  status?: number;
}

/** The kind of data block untrusted text reaches the model in (`<untrusted_KIND …>`). */
export type UntrustedKind = 'page_content' | 'saved_memory';

/**
 * A tool call's result as data, kept typed through the journal, the agent event and the card; it becomes the
 * model's text only where the request is built (lib/agent/to-model-text.ts). A success holds the tool's
 * output (JSON-serialisable; undefined when it returned nothing) and, when that output is page text or other
 * outside data, the kind of block it goes to the model in.
 */
export interface ToolSuccess {
  value: unknown;
  untrusted?: UntrustedKind;
}

/** A failure: the message written for the model, and outside text that belongs with it (kept apart, sent as data). */
export interface ToolFailure {
  error: string;
  untrustedDetail?: string;
  /** The block `untrustedDetail` goes to the model in. */
  untrusted?: UntrustedKind;
}

export type ToolResult = ToolSuccess | ToolFailure;

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
      approval?: {
        preview: string;
        decision?: 'approved' | 'denied' | 'always';
        canAlwaysAllow?: boolean;
        origin?: string;
        dataFlows?: DataFlowFlag[];
        destination?: string;
      };
      nested?: RunPart[];
      /** What the user's Undo of this call did (fill_form): set once, so the card stops offering it. */
      undo?: UndoOutcome;
    }
  | { kind: 'interjection'; text: string }
  | { kind: 'notice'; text: string };

export interface ConversationRecord {
  id: string;
  title: string;
  createdAt: number;
  updatedAt: number;
  /** The model this conversation answers with, chosen in the panel (else the default from Settings). */
  model?: ConversationModel;
  /** Deleted by the user at this time, still restorable (Undo); purged for good once the undo window passes. */
  deletedAt?: number;
}

/** A provider instance and one of its models. */
export interface ConversationModel {
  providerId: string;
  modelId: string;
}

export type MessageStatus = 'complete' | 'streaming' | 'stopped' | 'error' | 'interrupted';

export interface MessageRecord {
  id: string;
  conversationId: string;
  role: 'user' | 'assistant';
  text: string;
  status: MessageStatus;
  createdAt: number;
  /** "provider name · model" that produced an assistant message. */
  model?: string;
  usage?: Usage;
  error?: ErrorInfo;
  /** The agent run that wrote this answer (its journal has every step). */
  runId?: string;
  /** What the user saw: text, tool cards, interjections, notices. */
  parts?: RunPart[];
  /** What the run added to the conversation as the model sees it (tool calls and results included). */
  modelMessages?: ChatMessage[];
  finish?: RunFinishReason;
}

export interface DefaultModel {
  providerId: string;
}

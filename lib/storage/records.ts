/**
 * The records the stores keep. Plain data: they cross contexts and live in IndexedDB. The shapes a record holds
 * and other folders share (messages, usage, errors, tool results, run parts) are declared in lib/core, below
 * every folder that fills them.
 */
import type { ChatMessage } from '../core/chat-message';
import type { ErrorInfo } from '../core/error-info';
import type { MessageAttachment } from '../core/message-attachment';
import type { MessageMention } from '../core/message-mention';
import type { RunFinishReason, RunPart } from '../core/run-part';
import type { TokenPrices, Usage } from '../core/usage';

export interface ConversationRecord {
  id: string;
  title: string;
  createdAt: number;
  updatedAt: number;
  /** The model this conversation answers with, chosen in the panel (else the default from Settings). */
  model?: ConversationModel;
  /** This conversation's own fallback models, in order (else the list in Settings); [] for none. */
  fallbackModels?: ConversationModel[];
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
  /** A user message's @-mentioned tabs, at their places in `text` (shown as pills). */
  mentions?: MessageMention[];
  /** A user message's attached files (their bytes and text are in the attachments store). */
  attachments?: MessageAttachment[];
  /** "provider name · model" that produced an assistant message. */
  model?: string;
  /**
   * Set when the answer came from a server other than the vendor's own (a local or custom endpoint, a proxy):
   * the vendors' list prices say nothing about what it costs, so no cost is shown.
   */
  unpriced?: true;
  /**
   * The price the user set for the model of such a server when the answer was written: its cost is computed
   * from it (a later change of the price does not rewrite what an answer cost).
   */
  price?: TokenPrices;
  usage?: Usage;
  error?: ErrorInfo;
  /** The agent run that wrote this answer (its journal has every step). */
  runId?: string;
  /** What the user saw: text, tool cards, interjections, notices. */
  parts?: RunPart[];
  /** What the run added to the conversation as the model sees it (tool calls and results included). */
  modelMessages?: ChatMessage[];
  finish?: RunFinishReason;
  /**
   * An answer's other versions, in the order they were written (Regenerate keeps each earlier answer to the
   * same question). The record's own fields are the version shown: the one the conversation continues from.
   * Absent on an answer with one version, and on every message stored before versions existed.
   */
  otherVersions?: AnswerVersion[];
  /** Where the version shown sits among all of them, 0-based; absent: after the others (the newest). */
  versionIndex?: number;
}

/** One version of an answer: the fields of its record that say what it was, not where it is in the conversation. */
export type AnswerVersion = Omit<
  MessageRecord,
  'id' | 'conversationId' | 'role' | 'createdAt' | 'otherVersions' | 'versionIndex'
>;

export interface DefaultModel {
  providerId: string;
}

/** The records the stores keep. Plain data: they cross contexts and live in IndexedDB. */
import type { ChatMessage, Usage } from '../providers/chat-model';
import type { ErrorInfo, RunFinishReason } from '../agent/agent-event';
import type { RunPart } from '../agent/run-view';

export type ProviderKind = 'openai' | 'anthropic' | 'openai-compatible';

export interface EncryptedSecret { iv: Uint8Array; data: ArrayBuffer }

export interface ProviderRecord {
  id: string;
  kind: ProviderKind;
  name: string;
  /** Empty means the vendor's own endpoint. */
  baseUrl: string;
  model: string;
  apiKey?: EncryptedSecret;
  /** The last 4 characters of the key: all the UI ever shows of it. */
  keyLast4?: string;
  createdAt: number;
}

/** What leaves the background about a provider: never the key. */
export type ProviderView = Omit<ProviderRecord, 'apiKey'> & { hasKey: boolean };

export interface ConversationRecord {
  id: string;
  title: string;
  createdAt: number;
  updatedAt: number;
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

export interface DefaultModel { providerId: string }

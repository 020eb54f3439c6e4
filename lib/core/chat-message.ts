/** The vendor-neutral message shapes of the ChatModel contract (lib/providers/chat-model.ts), kept in stored messages and run journals. */
export interface TextPart {
  type: 'text';
  text: string;
}
/** An image the user attached (sent only to a model the catalog marks as taking images). */
export interface ImagePart {
  type: 'image';
  mediaType: 'image/png' | 'image/jpeg' | 'image/webp' | 'image/gif';
  /** Base64, without a data: prefix. */
  data: string;
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
  /** Images sent with the result (a scanned document's pages), for a model that takes images. */
  images?: ResultImage[];
}

/** An image a tool result carries: base64, without a data: prefix. */
export interface ResultImage {
  mediaType: 'image/png' | 'image/jpeg';
  data: string;
}

/** A message in the vendor-neutral shape the ChatModel contract takes. */
export type ChatMessage =
  | { role: 'user'; content: Array<TextPart | ImagePart> }
  | { role: 'assistant'; content: Array<TextPart | ReasoningPart | ToolCallPart> }
  | { role: 'tool'; content: ToolResultPart[] };

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

/**
 * A tool's failure written for the model: the runtime sends its message as the tool result as it is (no
 * "Error:" prefix added) and journals the call under the error's `outcome`. Any other thrown error is
 * reported as "Error: <message>" with outcome 'error'.
 *
 * One class for every kind of tool failure (issue 20, one error vocabulary): what used to be subclasses (a page
 * gone, an access refusal) are ToolErrors made by small factories (`pageGoneError`, the access gate's refusals) that give
 * their `outcome` here, so the runtime's single `instanceof ToolError` check and the journal's outcome both hold.
 */
import type { AccessRefusalKind } from '../core/run-part';

/** How the run journal records a failed call: a plain error, the page gone under it, or the access gate's refusal. */
export type ToolErrorOutcome = 'error' | 'page-gone' | AccessRefusalKind;

export interface ToolErrorOptions extends ErrorOptions {
  /** How the journal records the call; 'error' unless given. */
  outcome?: ToolErrorOutcome;
  /**
   * Text from outside (an MCP server's error message) that belongs with the error: the runtime puts it after
   * `message` inside the tool's untrusted-data block, never as plain text.
   */
  untrustedDetail?: string;
}

export class ToolError extends Error {
  /** How the run journal records the call. */
  readonly outcome: ToolErrorOutcome;

  /**
   * Text from outside (an MCP server's error message) that belongs with the error: the runtime puts it after
   * `message` inside the tool's untrusted-data block, never as plain text.
   */
  readonly untrustedDetail?: string;

  constructor(message: string, options?: ToolErrorOptions) {
    super(message, options);
    this.name = 'ToolError';
    this.outcome = options?.outcome ?? 'error';
    if (options?.untrustedDetail !== undefined) this.untrustedDetail = options.untrustedDetail;
  }
}

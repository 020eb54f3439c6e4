/**
 * A tool's failure written for the model: the runtime sends its message as the tool result as it is (no
 * "Error:" prefix added) and journals the call under the error's `outcome`. Any other thrown error is
 * reported as "Error: <message>" with outcome 'error'.
 */
import type { AccessRefusalKind } from '../core/run-part';

export class ToolError extends Error {
  /** How the run journal records the call; subclasses name other kinds of failure. */
  readonly outcome: 'error' | 'page-gone' | AccessRefusalKind = 'error';

  /**
   * Text from outside (an MCP server's error message) that belongs with the error: the runtime puts it after
   * `message` inside the tool's untrusted-data block, never as plain text.
   */
  readonly untrustedDetail?: string;

  constructor(message: string, options?: ErrorOptions & { untrustedDetail?: string }) {
    super(message, options);
    this.name = 'ToolError';
    if (options?.untrustedDetail !== undefined) this.untrustedDetail = options.untrustedDetail;
  }
}

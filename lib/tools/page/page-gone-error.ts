import { ToolError } from '../tool-error';

/** The page a tool acts on went away under the call (tab closed, navigated, unreachable): journaled as 'page-gone'. */
export class PageGoneError extends ToolError {
  override readonly outcome = 'page-gone';

  constructor(message: string) {
    super(message);
    this.name = 'PageGoneError';
  }
}

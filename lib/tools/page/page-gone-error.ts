import { ToolError } from '../tool-error';

/**
 * The page a tool acts on went away under the call (tab closed, navigated, unreachable): a ToolError journaled as
 * 'page-gone'. A factory, not a subclass, so the tools keep one error class; test for it with `isPageGone`.
 */
export const pageGoneError = (message: string): ToolError => new ToolError(message, { outcome: 'page-gone' });

/** Whether `error` is a page-gone ToolError. */
export const isPageGone = (error: unknown): error is ToolError =>
  error instanceof ToolError && error.outcome === 'page-gone';

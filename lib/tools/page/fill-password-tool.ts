import { z } from 'zod';
import { t } from '../../util/t';
import { collapseLabel } from '../collapse-label';
import { defineTool, type ActionTarget, type Tool, type ToolContext } from '../define-tool';
import { ToolError } from '../tool-error';
import { userInputInbox, type UserInputInbox } from '../user-input-inbox';
import type { PageRouteResult, PageToolCall } from './page-router';
import type { PageTargetStore } from './page-target-store';
import { destination } from './format-action-preview';

/**
 * Strict: the model names the field and nothing else. A call that also sends a value (the model trying to
 * supply a password) fails validation before anything is asked or sent.
 */
export const fillPasswordInput = z.strictObject({
  ref: z.string().max(200).describe('Ref of a writeOnly field.'),
});

export interface FillPasswordToolDeps {
  onPage(
    toolName: string,
    call: PageToolCall<'fill_password'>,
    ctx: ToolContext,
  ): Promise<Extract<PageRouteResult<'fill_password'>, { ok: true }>>;
  locate(toolName: string): (input: unknown, ctx: ToolContext) => Promise<ActionTarget | undefined>;
  store(): PageTargetStore;
  /** Where the panel's decision leaves the password the user typed (the worker's inbox by default). */
  inbox?: UserInputInbox;
}

/** What the model reads after the page took the password: that it was typed, never what it was. */
export const PASSWORD_FILLED =
  'The user typed the password on the approval card and it was entered into the field (you are not shown it, nor its length).';

/** What the model reads when the card was approved without a password (or it was already used). */
export const NO_PASSWORD =
  'fill_password failed: no password came from the user for this call, so nothing was typed. Ask the user to sign in themselves (ask_user) or call fill_password again.';

/**
 * fill_password(ref): the approval card asks the user to type the password; the value goes from the panel to
 * this worker's memory (the inbox, keyed by this call), and from there once to the page agent, which writes
 * it into exactly the field the card named. It is never in the call's arguments, its result, the journal or
 * the conversation. Asked every time: "always allow" would let the model fill passwords unseen.
 */
export function createFillPasswordTool({ onPage, locate, store, inbox = userInputInbox }: FillPasswordToolDeps): Tool {
  return defineTool({
    name: 'fill_password',
    input: fillPasswordInput,
    runsIn: 'page',
    readOnly: false,
    needsApproval: true,
    alwaysAsk: true,
    locate: locate('fill_password'),
    async preview({ ref }, ctx) {
      const snap =
        ctx.tabId === undefined
          ? undefined
          : await store().snapshotDocument(ctx.runId, { tabId: ctx.tabId, frameId: ctx.frameId ?? 0 });
      // Page text, one line: a name cannot draw a line of its own on the card.
      const now = ctx.target?.shown?.find((s) => s.ref === ref);
      const name = collapseLabel(
        now?.name || snap?.summary?.elements?.find((e) => e.ref === ref)?.name || ref,
        Number.MAX_SAFE_INTEGER,
      );
      const lines = [t('preview_password_for', name), `  ${t('preview_password_only_there')}`];
      // Where the form sends the password, and a warning when that is not the page's own site (a phishing form).
      const to = ctx.target?.destination;
      if (to !== undefined)
        lines.push(`  ${t('preview_password_sends_to', destination(to, now?.method, ctx.target?.origin))}`);
      return lines.join('\n');
    },
    async execute({ ref }, ctx) {
      const secret = inbox.take(ctx.runId, ctx.toolCallId)?.secret;
      if (!secret) throw new ToolError(NO_PASSWORD);
      await onPage(
        'fill_password',
        { toolCallId: ctx.toolCallId, toolName: 'fill_password', input: { ref, value: secret } },
        ctx,
      );
      return PASSWORD_FILLED;
    },
  }) as Tool;
}

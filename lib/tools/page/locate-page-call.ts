/**
 * Where a page write would land, asked before its card is drawn (`locate`), and the preview of a click or a
 * submit from the run's last snapshot (`previewAction`): split from page-tools.ts, which wires them into the tools.
 */
import type { ActionTarget, ToolContext } from '../define-tool';
import { ToolError } from '../tool-error';
import { originOf } from '../origin-of';
import { destinationOf, namedBy, unlistedRefRefusal } from './call-targets';
import { formatActionPreview, type ActionCall } from './format-action-preview';
import { pageGoneError } from './page-gone-error';
import { pageRouteError, type RouteToPage } from './page-router';
import type { PageTargetStore } from './page-target-store';
import { passwordWriteRefusal } from './password-refusal';
import { NO_SNAPSHOT } from './route-to-page';

/**
 * Where a write would land: refs and keys the run's last snapshot of this tab and frame never listed are
 * refused before any card; then the snapshot's document is asked what the call names (role, name, link
 * target, form destination: the identify command answers without acting), so a page that navigated since
 * the snapshot is refused before the user is asked, and the card shows what the page says now.
 */
export function createLocate(routeToPage: RouteToPage, store: () => PageTargetStore) {
  return (toolName: string) =>
    async (input: unknown, ctx: ToolContext): Promise<ActionTarget | undefined> => {
      if (ctx.tabId !== undefined) {
        const snap = await store().snapshotDocument(ctx.runId, { tabId: ctx.tabId, frameId: ctx.frameId ?? 0 });
        // A write by the model to a password field is refused before the user is asked (only fill_password reaches one).
        const refusal = passwordWriteRefusal(toolName, input, snap?.summary?.writeOnlyKeys ?? []);
        if (refusal) throw new ToolError(refusal);
        if (!snap) throw new ToolError(NO_SNAPSHOT);
        const unlisted = unlistedRefRefusal(toolName, input, snap.summary);
        if (unlisted) throw new ToolError(unlisted);
      }
      const r = await routeToPage(
        { toolCallId: ctx.toolCallId, toolName: 'identify', input: namedBy(toolName, input) },
        ctx,
      );
      if (!r.ok && r.reason === 'navigated') {
        throw pageGoneError(
          `Refused: the page navigated or reloaded since get_form_state${r.message ? ` (${r.message})` : ''}, so ${toolName} did nothing. Call get_form_state again; the user will be asked again.`,
        );
      }
      if (!r.ok) throw pageRouteError(toolName, r);
      const { doc } = r;
      if (!doc) return undefined;
      const shown = r.output;
      const destination = destinationOf(toolName, input, shown);
      return {
        origin: originOf(doc.url),
        documentId: doc.docId,
        ...(doc.snapshotId ? { snapshotId: doc.snapshotId } : {}),
        ...(shown.length ? { shown } : {}),
        ...(destination ? { destination: destination.url } : {}),
      };
    };
}

/** A click's or a submit's preview, with what the run's last snapshot of the tab says of its target. */
export function createPreviewAction(store: () => PageTargetStore) {
  return async (call: ActionCall, ctx: ToolContext) => {
    if (ctx.tabId === undefined) return formatActionPreview(call, undefined, ctx.target?.origin, ctx.target?.shown);
    const snap = await store().snapshotDocument(ctx.runId, { tabId: ctx.tabId, frameId: ctx.frameId ?? 0 });
    return formatActionPreview(
      call,
      snap?.summary,
      ctx.target?.origin ?? (snap ? originOf(snap.url) : undefined),
      ctx.target?.shown,
    );
  };
}

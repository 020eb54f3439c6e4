/**
 * The panel's parts that its first paint does not show, each loaded the first time it is drawn (lazy-view.tsx):
 * a dialog or prompt that opens on an event, a sent message's file chips, the folder permission prompt (drawn
 * once the folder's state has loaded, after the first paint), the bodies of tool cards. The startup JavaScript carries only these stubs.
 */
import { LinkConfirm } from './lazy-link-confirm';
import { lazyView } from './lazy-view';

/** Asks before opening a link from an answer or a citation (lazy-link-confirm.ts). */
export { LinkConfirm };

/** "What the model saw" for one run. */
export const ModelSawDialog = lazyView('./ModelSawDialog', () =>
  import('./ModelSawDialog').then((m) => m.ModelSawDialog),
);

/** The prompt to allow the chosen folder again. */
export const FolderPermission = lazyView('./FolderPermission', () =>
  import('./FolderPermission').then((m) => m.FolderPermission),
);

/** The password card of an encrypted document. */
export const DocumentPasswordPrompt = lazyView('./cards/DocumentPasswordPrompt', () =>
  import('./cards/DocumentPasswordPrompt').then((m) => m.DocumentPasswordPrompt),
);

/** A page tool's request that the user interact with the page (WebMCP requestUserInteraction). */
export const PageAskPrompt = lazyView('./cards/PageAskPrompt', () =>
  import('./cards/PageAskPrompt').then((m) => m.PageAskPrompt),
);

/**
 * A call's approval (or its recorded decision): loaded once the panel has painted (preloadLazyParts), so a card
 * that asks for approval draws its buttons at once.
 */
export const ApprovalCard = lazyView('./ApprovalCard', () => import('./ApprovalCard').then((m) => m.ApprovalCard));

/** A run paused at its step limit: continue or stop. */
export const StepLimitPause = lazyView('./StepLimitPause', () =>
  import('./StepLimitPause').then((m) => m.StepLimitPause),
);

/** A sent message's files. */
export const MessageAttachments = lazyView('./AttachmentChips', () =>
  import('./AttachmentChips').then((m) => m.MessageAttachments),
);

/**
 * The readable body of a tool call's card, and what an Undo did: every card's code (cards/CardBody.tsx), loaded
 * once the panel has painted (preloadLazyParts), before a run's first call is drawn.
 */
export const CardBody = lazyView('./cards/CardBody', () => import('./cards/CardBody').then((m) => m.CardBody));
export const CardUndo = lazyView('./cards/CardBody', () => import('./cards/CardBody').then((m) => m.CardUndo));

/** The form that saves a message as a task. */
export const TaskForm = lazyView('./TaskForm', () => import('./TaskForm').then((m) => m.TaskForm));

/** The panel's list of saved tasks. */
export const TaskList = lazyView('./TaskList', () => import('./TaskList').then((m) => m.TaskList));

/** Fetches, after the first paint, the parts a run may need at any moment (an approval, a card, a pause). */
export function preloadLazyParts(): void {
  void ApprovalCard.preload();
  void StepLimitPause.preload();
  void CardBody.preload();
  void CardUndo.preload();
}

/** Every part loaded (for tests that draw them at once). */
export async function loadLazyParts(): Promise<void> {
  await Promise.all(
    [
      LinkConfirm,
      ModelSawDialog,
      FolderPermission,
      DocumentPasswordPrompt,
      ApprovalCard,
      StepLimitPause,
      MessageAttachments,
      CardBody,
      CardUndo,
      TaskForm,
      TaskList,
    ].map((v) => v.preload()),
  );
}

/**
 * Tabwise's entries in the page's context menu. A click composes the request, leaves it for the panel as a
 * pending draft and opens the panel: nothing is sent until the user presses Enter there. "Run task…" lists the
 * saved tasks; choosing one leaves `/name` in the message box (its placeholders are asked for there).
 */
import { TASK_NAME_PATTERN } from '../core/saved-task';
import { t } from '../util/t';
import { composeMenuDraft, listMenuItems } from './compose-menu-draft';
import { PENDING_DRAFT_KEY, type PendingDraft } from './pending-draft';

export interface ContextMenuDeps {
  menus: Pick<typeof chrome.contextMenus, 'create' | 'removeAll'>;
  /** Where the draft waits (chrome.storage.session in the extension). */
  storage: Pick<chrome.storage.StorageArea, 'set'>;
  /** Must be called synchronously in the click: chrome.sidePanel.open needs the user gesture. */
  openPanel: (windowId: number) => Promise<void>;
  now: () => number;
  /** The saved tasks' names, for the "Run task…" submenu (absent: no submenu). */
  listTaskNames?: () => Promise<string[]>;
}

export const MENU_RUN_TASK = 'tabwise-run-task';
const TASK_ITEM = 'tabwise-task:';

/** The draft of a "Run task…" item: `/name`, for a name that is a task name (the id is Tabwise's own, still checked). */
function taskDraft(menuItemId: string | number): string | null {
  const id = String(menuItemId);
  const name = id.startsWith(TASK_ITEM) ? id.slice(TASK_ITEM.length) : '';
  return TASK_NAME_PATTERN.test(name) ? `/${name}` : null;
}

export interface ContextMenu {
  /** (Re)creates the items; called on install and update, when Chrome forgets or keeps stale ones. */
  register(): Promise<void>;
  /** The onClicked listener. Resolves once the draft is stored and the panel asked to open. */
  onClicked(
    info: Pick<chrome.contextMenus.OnClickData, 'menuItemId' | 'selectionText'>,
    tab?: Pick<chrome.tabs.Tab, 'id' | 'windowId'>,
  ): Promise<void>;
}

export function createContextMenu(deps: ContextMenuDeps): ContextMenu {
  return {
    async register() {
      await deps.menus.removeAll();
      for (const item of listMenuItems())
        deps.menus.create({
          id: item.id,
          title: item.title,
          contexts: item.contexts as [chrome.contextMenus.ContextType, ...chrome.contextMenus.ContextType[]],
        });
      const names = (await deps.listTaskNames?.()) ?? [];
      if (!names.length) return;
      const contexts = ['page', 'frame', 'selection', 'editable'] as unknown as [chrome.contextMenus.ContextType];
      deps.menus.create({ id: MENU_RUN_TASK, title: t('menu_run_task'), contexts });
      for (const name of names)
        deps.menus.create({ id: `${TASK_ITEM}${name}`, parentId: MENU_RUN_TASK, title: `/${name}`, contexts });
    },
    async onClicked(info, tab) {
      const text = taskDraft(info.menuItemId) ?? composeMenuDraft(info.menuItemId, info.selectionText);
      // A click outside a tab (e.g. in an extension page's frame) has nowhere to tie the draft to.
      if (text === null || tab?.id === undefined || tab.id < 0) return;
      const draft: PendingDraft = { tabId: tab.id, text, createdAt: deps.now() };
      // Open first, before any await, while the click still counts as a user gesture.
      const opened = deps
        .openPanel(tab.windowId)
        .catch((e: unknown) => console.warn('opening the side panel failed', e));
      await deps.storage.set({ [PENDING_DRAFT_KEY]: draft });
      await opened;
    },
  };
}

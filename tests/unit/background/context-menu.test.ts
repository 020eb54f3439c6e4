import { describe, expect, it } from 'vitest';
import { MENU_ASK_SELECTION, MENU_SUMMARISE } from '../../../lib/background/compose-menu-draft';
import { createContextMenu, type ContextMenuDeps } from '../../../lib/background/context-menu';
import { PENDING_DRAFT_KEY } from '../../../lib/background/pending-draft';

function setup(openPanel: ContextMenuDeps['openPanel'] = async () => {}, taskNames?: string[]) {
  const log: string[] = [];
  const stored: Record<string, unknown> = {};
  const created: chrome.contextMenus.CreateProperties[] = [];
  const menu = createContextMenu({
    menus: {
      removeAll: async () => void log.push('removeAll'),
      create: (props: chrome.contextMenus.CreateProperties) => {
        created.push(props);
        return props.id!;
      },
    } as unknown as ContextMenuDeps['menus'],
    storage: {
      set: async (items: Record<string, unknown>) => {
        log.push('store');
        Object.assign(stored, items);
      },
    } as ContextMenuDeps['storage'],
    openPanel: (windowId) => {
      log.push(`open ${windowId}`);
      return openPanel(windowId);
    },
    now: () => 1000,
    ...(taskNames ? { listTaskNames: async () => taskNames } : {}),
  });
  return { menu, log, stored, created };
}

describe('Run task…', () => {
  it('lists the saved tasks under one submenu, and none when there are none', async () => {
    const some = setup(undefined, ['hotels', 'weekly-report']);
    await some.menu.register();
    expect(some.created.slice(3).map((c) => [c.id, c.parentId, c.title])).toEqual([
      ['tabwise-run-task', undefined, 'Run task…'],
      ['tabwise-task:hotels', 'tabwise-run-task', '/hotels'],
      ['tabwise-task:weekly-report', 'tabwise-run-task', '/weekly-report'],
    ]);
    const none = setup(undefined, []);
    await none.menu.register();
    expect(none.created).toHaveLength(3);
  });

  it('leaves /name in the message box (run with Enter there), never a name that is not a task name', async () => {
    const { menu, stored } = setup(undefined, ['hotels']);
    await menu.onClicked({ menuItemId: 'tabwise-task:hotels' }, { id: 7, windowId: 2 });
    expect(stored[PENDING_DRAFT_KEY]).toEqual({ tabId: 7, text: '/hotels', createdAt: 1000 });
    const other = setup(undefined, ['hotels']);
    await other.menu.onClicked({ menuItemId: 'tabwise-task:Bad Name\nsend it' }, { id: 7, windowId: 2 });
    expect(other.stored[PENDING_DRAFT_KEY]).toBeUndefined();
  });
});

describe('createContextMenu', () => {
  it('registers its three items afresh', async () => {
    const { menu, log, created } = setup();
    await menu.register();
    expect(log).toEqual(['removeAll']);
    expect(created.map((c) => c.title)).toEqual([
      'Ask Tabwise about the selection',
      'Summarise this page',
      'Fill this form with Tabwise',
    ]);
  });

  it('opens the panel first (inside the gesture), then leaves the draft tied to the tab', async () => {
    const { menu, log, stored } = setup();
    await menu.onClicked({ menuItemId: MENU_ASK_SELECTION, selectionText: 'hello' }, { id: 7, windowId: 2 });
    expect(log).toEqual(['open 2', 'store']);
    expect(stored[PENDING_DRAFT_KEY]).toEqual({
      tabId: 7,
      text: 'About this selection from the page:\n\n> hello\n\n',
      createdAt: 1000,
    });
  });

  it('keeps the draft when the panel cannot open (no gesture), so opening the panel by hand shows it', async () => {
    const { menu, stored } = setup(async () => {
      throw new Error('sidePanel.open() may only be called in response to a user gesture.');
    });
    await menu.onClicked({ menuItemId: MENU_SUMMARISE }, { id: 7, windowId: 2 });
    expect(stored[PENDING_DRAFT_KEY]).toMatchObject({ tabId: 7, text: 'Summarise this page.' });
  });

  it('does nothing without a tab or anything to ask', async () => {
    const { menu, log } = setup();
    await menu.onClicked({ menuItemId: MENU_SUMMARISE }, undefined);
    await menu.onClicked({ menuItemId: MENU_SUMMARISE }, { id: -1, windowId: 2 });
    await menu.onClicked({ menuItemId: MENU_ASK_SELECTION, selectionText: '   ' }, { id: 7, windowId: 2 });
    expect(log).toEqual([]);
  });
});

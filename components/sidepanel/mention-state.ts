/**
 * @-mentions in the composer: typing `@` offers the window's open web pages; a chosen one becomes a pill at its
 * place in the sentence (composer-box.ts) and its tab id goes with the message, so the run may read that tab
 * too. The panel only proposes: the worker checks the ids again and keeps to them.
 */
import { computed, signal } from '@preact/signals';
import { hostOf } from './cards/card-guards';

export interface TabOption {
  tabId: number;
  title: string;
  host: string;
}

/** The `@word` being typed just before the caret, if any: its start and the text after the @. */
export function mentionAt(text: string, caret: number): { start: number; query: string } | undefined {
  const m = /(^|\s)@([^\s@]*)$/.exec(text.slice(0, caret));
  return m ? { start: caret - m[2]!.length - 1, query: m[2]! } : undefined;
}

export function createMentionState(listTabs: () => Promise<TabOption[]> = listWindowTabs) {
  const open = signal(false);
  const query = signal('');
  const tabs = signal<TabOption[]>([]);
  const active = signal(0);
  /** The tabs the message box holds pills for (it is the draft: `sync` follows it). */
  const chosen = signal<readonly { tabId: number }[]>([]);
  const options = computed(() => {
    const q = query.value.toLowerCase();
    const picked = new Set(chosen.value.map((t) => t.tabId));
    return tabs.value.filter(
      (t) => !picked.has(t.tabId) && (!q || t.title.toLowerCase().includes(q) || t.host.toLowerCase().includes(q)),
    );
  });
  /** Counts show/close calls: while the tabs are listed, later keys may arrive, and only the latest call decides. */
  let latest = 0;
  return {
    open,
    options,
    active,
    chosen,
    /** Opens (or narrows) the menu for the `@query` being typed. */
    async show(q: string) {
      const mine = ++latest;
      const listed = open.value ? undefined : await listTabs();
      // A key typed (or Esc pressed) while the tabs were listed came after this one: its query is the one shown.
      if (mine !== latest) return;
      if (listed) tabs.value = listed;
      query.value = q;
      active.value = 0;
      open.value = true;
    },
    close() {
      latest++;
      open.value = false;
    },
    move(by: number) {
      const n = options.value.length;
      if (n) active.value = (active.value + by + n) % n;
    },
    /** The highlighted (or given) option, to become a pill; the menu closes. */
    choose(index = active.value): TabOption | undefined {
      open.value = false;
      return options.value[index];
    },
    /** The tabs mentioned in the message box now (a pill added, taken out, or sent). */
    sync(tabs: readonly { tabId: number }[]) {
      const ids = tabs.map((t) => t.tabId).join();
      if (ids !== chosen.value.map((t) => t.tabId).join()) chosen.value = tabs;
    },
  };
}

export type MentionState = ReturnType<typeof createMentionState>;

/** The web pages (http and https) open in the panel's window. */
async function listWindowTabs(): Promise<TabOption[]> {
  const win = await chrome.windows.getCurrent();
  const tabs = await chrome.tabs.query({ windowId: win.id });
  return tabs.flatMap((t) =>
    t.id !== undefined && t.url && /^https?:/.test(t.url)
      ? [{ tabId: t.id, title: t.title || t.url, host: hostOf(t.url) }]
      : [],
  );
}

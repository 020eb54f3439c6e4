/**
 * The empty panel's starting points, chosen for the page in front: "Summarise this page" on a page it can read,
 * "Fill this form" when the page has fields, "Ask about the selection" when text is selected, "Search what I
 * read" while remembering is on. Nothing is sent until the user clicks one: a complete request is sent then;
 * one that needs the user's words is written into the message box for them to finish.
 */
import { signal } from '@preact/signals';
import { sendToBackground } from '../../lib/background/send-to-background';
import type { MessageKey } from '../../lib/util/t';
import type { PageContextState } from './page-context-state';

export interface StartingFacts {
  /** A web page is attached (its chip shown) and the extension may read it. */
  readablePage: boolean;
  /** The page has fields a person can fill. */
  hasForm: boolean;
  /** Text is selected in it and its chip is shown. */
  hasSelection: boolean;
  remembering: boolean;
}

export interface StartingPoint {
  id: 'summarise' | 'fill-form' | 'ask-selection' | 'search-read';
  label: MessageKey;
  /** `send`: the request goes as it is; `draft`: it is written into the message box to be finished. */
  mode: 'send' | 'draft';
  text: MessageKey;
}

const ALL: Array<StartingPoint & { fits: (f: StartingFacts) => boolean }> = [
  { id: 'summarise', label: 'start_summarise', mode: 'send', text: 'bg_draft_summarise', fits: (f) => f.readablePage },
  {
    id: 'fill-form',
    label: 'start_fill_form',
    mode: 'send',
    text: 'bg_draft_fill_form',
    fits: (f) => f.readablePage && f.hasForm,
  },
  {
    id: 'ask-selection',
    label: 'start_ask_selection',
    mode: 'draft',
    text: 'start_draft_selection',
    fits: (f) => f.readablePage && f.hasSelection,
  },
  {
    id: 'search-read',
    label: 'start_search_read',
    mode: 'draft',
    text: 'start_draft_search',
    fits: (f) => f.remembering,
  },
];

/** The starting points that fit, in a fixed order. */
export function startingPointsFor(facts: StartingFacts): StartingPoint[] {
  return ALL.filter((p) => p.fits(facts)).map(({ fits: _fits, ...point }) => point);
}

const isReadable = (url: string) =>
  /^(https?|file):/.test(url) && !/^https:\/\/chromewebstore\.google\.com\//.test(url);

/** Whether the tab shows fields a person can fill (asked of the page with a one-line script, like the selection). */
async function pageHasForm(tabId: number): Promise<boolean> {
  try {
    const [result] = await chrome.scripting.executeScript({
      target: { tabId },
      func: () =>
        document.querySelector(
          'input:not([type=hidden]):not([type=submit]):not([type=button]):not([type=reset]):not([type=image]), select, textarea',
        ) !== null,
    });
    return result?.result === true;
  } catch {
    return false; // a page the extension may not script has no form for us
  }
}

/** The starting points for the panel's page, recomputed when the page or its chips change. */
export function createStartingPointsState(
  page: Pick<PageContextState, 'tab' | 'selection' | 'includePage' | 'includeSelection'>,
) {
  const points = signal<StartingPoint[]>([]);
  let asked = 0;
  async function refresh() {
    const mine = ++asked;
    const tab = page.tab.value;
    const readablePage = !!tab && page.includePage.value && isReadable(tab.url);
    const [hasForm, remembering] = await Promise.all([
      readablePage && tab ? pageHasForm(tab.tabId) : false,
      sendToBackground('index.settings.get', {}).then(
        (s) => s.enabled,
        () => false,
      ),
    ]);
    if (mine !== asked) return;
    points.value = startingPointsFor({
      readablePage,
      hasForm,
      hasSelection: !!page.selection.value && page.includeSelection.value,
      remembering,
    });
  }
  return { points, refresh };
}

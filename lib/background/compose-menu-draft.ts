/** The context-menu items and the request each one writes into the panel's message box. */
import { stripInvisibleChars } from '../page/strip-invisible-chars';
import { t } from '../util/t';
import { MAX_DRAFT_CHARS } from './pending-draft';

export const MENU_ASK_SELECTION = 'tabwise-ask-selection';
export const MENU_SUMMARISE = 'tabwise-summarise-page';
export const MENU_FILL_FORM = 'tabwise-fill-form';

export interface MenuItem {
  id: string;
  title: string;
  /** The enum's string values: @types/chrome types them as an enum that tests' fake APIs do not define. */
  contexts: [`${chrome.contextMenus.ContextType}`, ...`${chrome.contextMenus.ContextType}`[]];
}

/** The items in the browser's language (read when the menu is built, so it follows the language Chrome runs in). */
export const listMenuItems = (): MenuItem[] => [
  { id: MENU_ASK_SELECTION, title: t('bg_menu_ask_selection'), contexts: ['selection'] },
  { id: MENU_SUMMARISE, title: t('bg_menu_summarise'), contexts: ['page', 'frame'] },
  { id: MENU_FILL_FORM, title: t('bg_menu_fill_form'), contexts: ['editable'] },
];

const SELECTION_TAIL = '\n\n';

/** C0/C1 controls other than tab and newline: a page could use them to garble what the user reads. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROLS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g;

/**
 * The selection as the user will see it in the message box: invisible characters (bidi overrides, zero-width
 * and tag characters) and controls removed, so what is sent is what is shown; quoted line by line; capped.
 */
function quoteSelection(selection: string, room: number): string {
  const clean = stripInvisibleChars(selection)
    .replace(CONTROLS, '')
    .replace(/\r\n?/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  const quoted = clean
    .split('\n')
    .map((line) => `> ${line}`.trimEnd())
    .join('\n');
  return quoted.length > room
    ? `${quoted
        .slice(0, room - 1)
        .replace(/[\uD800-\uDBFF]$/, '')
        .trimEnd()}…`
    : quoted;
}

/**
 * The draft for a menu click, or null when the click brings nothing to ask about (an unknown item, or a
 * selection that is empty once cleaned). Selection text is page data: it becomes the user's own draft,
 * which they read and can change before pressing Enter.
 */
export function composeMenuDraft(menuItemId: string | number, selectionText?: string): string | null {
  switch (menuItemId) {
    case MENU_SUMMARISE:
      return t('bg_draft_summarise');
    case MENU_FILL_FORM:
      return t('bg_draft_fill_form');
    case MENU_ASK_SELECTION: {
      const lead = `${t('bg_draft_selection_lead')}\n\n`;
      const room = MAX_DRAFT_CHARS - lead.length - SELECTION_TAIL.length;
      const quoted = quoteSelection(selectionText ?? '', room);
      return quoted.replace(/[>\s]/g, '') ? `${lead}${quoted}${SELECTION_TAIL}` : null;
    }
    default:
      return null;
  }
}

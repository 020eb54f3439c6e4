import type { ToolPart } from './card-props';
import { hostOf, isRecord, num, str } from './card-guards';
import { resultTextOf } from './result-of';
import { t } from '../../ui/t';
import { formatInteger } from '../../../lib/util/format-integer';

/** What a tab tool's card says: what was asked (a host and path, a tab, a condition) and how it ended. */
export interface TabCallView {
  /** The main line: where it went, which tab, or what it waited for. */
  what: string;
  /** The host, shown apart so a look-alike address stands out. */
  host?: string;
  /** The tool's answer as one line of plain text (it can quote page titles: shown as text only). */
  outcome?: string;
}

const oneLine = (s: string, max = 300) => {
  const line = s.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max)}…` : line;
};

/** The address without its query and fragment (they can be long; the raw view has them). */
const shortUrl = (url: string) => {
  try {
    const u = new URL(url);
    return `${u.host}${u.pathname === '/' ? '' : u.pathname}`;
  } catch (error) {
    void error; // not a URL (a refused one): shown as it was given
    return url;
  }
};

export function describeTabCall(part: ToolPart): TabCallView {
  const input = isRecord(part.input) ? part.input : {};
  const url = str(input.url);
  const tabId = num(input.tabId);
  const text = resultTextOf(part);
  const outcome = text === undefined ? undefined : oneLine(text);
  const out = outcome ? { outcome } : {};
  switch (part.toolName) {
    case 'navigate':
    case 'open_tab':
      return {
        what: url ? shortUrl(url) : t('card_tab_no_address'),
        ...(url && hostOf(url) ? { host: hostOf(url) } : {}),
        ...out,
      };
    case 'go_back':
      return { what: t('card_tab_back'), ...out };
    case 'switch_tab':
    case 'close_tab':
      return { what: tabId === undefined ? t('card_tab_a_tab') : t('card_tab_n', tabId), ...out };
    case 'wait_for': {
      const wait =
        str(input.text) !== undefined
          ? t('card_wait_text', oneLine(str(input.text)!, 80))
          : str(input.ref) !== undefined
            ? t('card_wait_element', str(input.ref)!)
            : str(input.url) !== undefined
              ? t('card_wait_url', oneLine(str(input.url)!, 80))
              : t('card_wait_idle');
      const ms = num(input.timeout_ms);
      return { what: ms === undefined ? wait : t('card_wait_up_to', wait, formatInteger(ms)), ...out };
    }
    default:
      return { what: part.toolName, ...out };
  }
}

/**
 * What a success check reads of a run's tab when the run has ended (issue 28): the page's text as a person sees
 * it (`innerText` of the top document), its fields as the page tools list them (get_form_state through the page
 * agent: hidden, disabled, payment-card and one-time-code fields are never listed, a password's value never read),
 * and the tab's address. Each answers `{ error }` when the tab is gone or cannot be read; the check then fails.
 */
import type { CheckReaders } from '../agent/eval-run-check';
import type { ListedField } from '../agent/eval-match';
import { sendPageCommand } from '../tools/page/send-page-command';
import { t } from '../util/t';

/** At most this much of a page's text is compared (a page longer than that is read to here). */
const MAX_PAGE_TEXT = 1_000_000;

const errorOf = (e: unknown) => ({ error: e instanceof Error ? e.message : String(e) });

export function chromeCheckReaders(tabId: number | undefined, answerText: string, runId: string): CheckReaders {
  const noTab = async () => ({ error: t('eval_detail_no_tab') });
  if (tabId === undefined) return { answerText, pageText: noTab, fields: noTab, finalUrl: noTab };
  return {
    answerText,
    async pageText() {
      try {
        const [first] = await chrome.scripting.executeScript({
          target: { tabId, frameIds: [0] },
          func: (max: number) => (document.body?.innerText ?? '').slice(0, max),
          args: [MAX_PAGE_TEXT],
        });
        return typeof first?.result === 'string' ? first.result : { error: t('eval_detail_no_text') };
      } catch (e) {
        return errorOf(e);
      }
    },
    async fields() {
      const sent = await sendPageCommand({ tabId, frameId: 0 }, 'get_form_state', {
        runId,
        toolCallId: crypto.randomUUID(),
        args: {},
      });
      if (!sent.ok) return { error: sent.message ?? sent.reason };
      const { outcome } = sent.answer;
      if (!outcome.ok) return { error: outcome.message };
      return outcome.output.fields.map((f): ListedField => ({
        label: f.label,
        value: f.value,
        ...(f.options ? { options: f.options } : {}),
      }));
    },
    async finalUrl() {
      try {
        const tab = await chrome.tabs.get(tabId);
        return tab.url ?? { error: t('eval_detail_no_tab') };
      } catch (e) {
        return errorOf(e);
      }
    },
  };
}

/**
 * Drives the hidden-text page (hidden-text.ts) through the built extension: the page is served, opened, and
 * a compromised model reads everything it can (read_page and get_form_state) before answering. Returns what
 * the model was sent. Shared by tests/security/hidden-text.spec.ts and the `security` bench.
 */
import type { RecordedRequest } from '../fake-llm';
import { addFakeProvider, assistantMessages, chatRequests, openPanel, sendChat } from '../e2e/fixtures';
import { serveStatic } from '../harness/serve-static';
import { HIDDEN_CANARIES, HIDDEN_TEXT_PAGE, hiddenCanariesIn } from './hidden-text';
import type { SecurityFixtures } from './security-session';

export interface HiddenTextReport {
  /** Hostile cases on the page: one per hidden canary. */
  cases: number;
  pageUrl: string;
  /** The conversation's requests to the model (title requests left out). */
  requests: RecordedRequest[];
  /** Hidden canaries found in any of them (the bench's hidden_canaries_to_model). */
  hiddenCanaries: string[];
}

export async function runHiddenTextPage({
  context,
  extensionId,
  llm,
  extPage,
}: SecurityFixtures): Promise<HiddenTextReport> {
  const server = await serveStatic({ '/garden-report.html': HIDDEN_TEXT_PAGE });
  try {
    const pageUrl = `${server.url}/garden-report.html`;
    await addFakeProvider(extPage, llm);
    const site = await context.newPage();
    await site.goto(pageUrl);
    llm.enqueue(
      {
        toolCalls: [
          { id: 'read', name: 'read_page', arguments: '{}' },
          { id: 'forms', name: 'get_form_state', arguments: '{}' },
        ],
      },
      { text: ['The page is a garden report.'] },
    );
    const panel = await openPanel(context, extensionId);
    await sendChat(panel, 'Summarise this page');
    await assistantMessages(panel).last().and(panel.locator('[data-status="complete"]')).waitFor({ timeout: 20_000 });
    const requests = chatRequests(llm);
    return {
      cases: HIDDEN_CANARIES.length,
      pageUrl,
      requests,
      hiddenCanaries: hiddenCanariesIn(JSON.stringify(requests.map((r) => r.body))),
    };
  } finally {
    await server.close();
  }
}

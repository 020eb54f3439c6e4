/**
 * A hostile page against the built extension, with the fake LLM playing a model that reads it: text a
 * person cannot see (every hiding technique in hidden-text.ts) never reaches the model, the page's visible
 * text (fake "system messages" included) reaches it only inside the marked block, and the system prompt
 * holds no page text at all.
 */
import type { RecordedRequest } from '../fake-llm';
import { expect, test } from '../e2e/fixtures';
import { HIDDEN_TEXT_PAGE, VISIBLE_TEXT, countHiddenCanaries, hiddenCanariesIn } from './hidden-text';
import { runHiddenTextPage } from './run-hidden-text-page';
import { untrustedBlocks } from './untrusted-block';

type Message = { role: string; content: string | null; tool_call_id?: string };
const messagesOf = (r: RecordedRequest) => (r.body as { messages: Message[] }).messages;

/** Every hidden canary the model was sent in any request of the conversation (0 is the target). */
const hiddenCanariesToModel = (requests: RecordedRequest[]) =>
  countHiddenCanaries(JSON.stringify(requests.map((r) => r.body)));

test('hidden text never reaches the model; page text arrives only inside the marked block', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  const { requests, pageUrl, hiddenCanaries } = await runHiddenTextPage({ context, extensionId, llm, extPage });
  expect(hiddenCanaries).toEqual([]);
  expect(requests).toHaveLength(2);
  expect(hiddenCanariesIn(JSON.stringify(requests.map((r) => r.body)))).toEqual([]);
  expect(hiddenCanariesToModel(requests)).toBe(0);

  const messages = messagesOf(requests[1]!);
  // The system prompt holds no page text: not the title, the URL, nor anything written on the page.
  const system = messages[0]!;
  expect(system.role).toBe('system');
  for (const pageText of [
    'Garden report',
    pageUrl,
    VISIBLE_TEXT.heading,
    VISIBLE_TEXT.fakeSystem,
    VISIBLE_TEXT.paragraph,
  ]) {
    expect(system.content, pageText).not.toContain(pageText);
  }
  expect(system.content).toContain('untrusted_page_content'); // and it says what the marking means

  // The page's context rides in the user's turn, inside a block whose boundary the page never saw.
  const user = messages.find((m) => m.role === 'user')!;
  const [pageContext] = untrustedBlocks(user.content!);
  expect(pageContext?.body).toContain(`URL: ${pageUrl}`);
  const boundary = pageContext!.boundary;
  expect(boundary).toMatch(/^[0-9a-f]{32}$/);
  expect(HIDDEN_TEXT_PAGE).not.toContain(boundary);

  // Tool results: every page string sits inside one marked block with the same boundary; outside it, nothing.
  const results = messages.filter((m) => m.role === 'tool');
  expect(results.map((r) => r.tool_call_id)).toEqual(['read', 'forms']);
  for (const r of results) {
    const blocks = untrustedBlocks(r.content!);
    expect(blocks).toHaveLength(1);
    expect(blocks[0]!.boundary).toBe(boundary);
    expect(r.content!.trim().startsWith('<untrusted_page_content ')).toBe(true);
  }
  const reading = JSON.parse(untrustedBlocks(results[0]!.content!)[0]!.body) as { markdown: string; notice?: string };
  for (const text of [VISIBLE_TEXT.heading, VISIBLE_TEXT.paragraph, VISIBLE_TEXT.fakeSystem, VISIBLE_TEXT.imageAlt]) {
    expect(reading.markdown, text).toContain(text);
  }
  expect(reading.notice).toMatch(/^Removed \d+ invisible characters\.$/);
  // The page's forged closing tag is inert: the only real closing tag is the block's own.
  const whole = JSON.stringify(requests[1]!.body);
  expect(whole).not.toMatch(/<\/untrusted_page_content>/);
  const outside = messages
    .map((m) => untrustedBlocks(m.content ?? '').reduce((rest, b) => rest.replace(b.body, ''), m.content ?? ''))
    .join('\n');
  for (const text of [VISIBLE_TEXT.fakeSystem, VISIBLE_TEXT.heading, VISIBLE_TEXT.emailLabel])
    expect(outside, text).not.toContain(text);

  const snapshot = JSON.parse(untrustedBlocks(results[1]!.content!)[0]!.body) as { fields: { key: string }[] };
  expect(snapshot.fields.map((f) => f.key)).toEqual(['email']);
});

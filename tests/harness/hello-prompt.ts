/**
 * What a first "Hello" costs: the panel in front of an ordinary article (one web tab, defaults everywhere:
 * remembering off, no web search backend, no MCP server), the message sent as a person sends it, and the
 * request the fake LLM server received counted as it counts input tokens (four characters a token of the
 * body's JSON). Shared by the `ui` bench and the first-minute e2e spec. Needs a provider on `llm` already.
 */
import type { BrowserContext } from '@playwright/test';
import { TITLE_INSTRUCTION } from '../../lib/background/generate-title';
import { estimateInputTokens, type FakeLlm, type RecordedRequest } from '../fake-llm';
import { assistantMessages, sendChat } from './extension-helpers';
import { serveStatic } from './serve-static';

const article = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Octopus facts</title></head>
<body><main><h1>Octopus facts</h1><p>An octopus has three hearts and blue blood.</p>
<p>It tastes with its arms.</p></main></body></html>`;

export interface HelloPrompt {
  /** Input tokens the server counted for the request. */
  tokens: number;
  /** The tools the request offered, by name. */
  tools: string[];
  request: RecordedRequest;
}

const saysHello = (r: RecordedRequest) => {
  const text = JSON.stringify(r.body ?? '');
  return r.method === 'POST' && text.includes('Hello there') && !text.includes(TITLE_INSTRUCTION);
};

/** Tools named in a request body, in either wire format. */
export function toolNamesOf(body: unknown): string[] {
  const tools = (body as { tools?: Array<{ name?: string; function?: { name?: string } }> } | undefined)?.tools ?? [];
  return tools.map((t) => t.function?.name ?? t.name ?? '?');
}

export async function measureHelloPrompt(
  context: BrowserContext,
  extensionId: string,
  llm: FakeLlm,
): Promise<HelloPrompt> {
  const site = await serveStatic({ '/octopus.html': article });
  llm.respondTo(saysHello, { text: ['Hello! ', 'How can I help?'] });
  const page = await context.newPage();
  const panel = await context.newPage();
  try {
    await page.goto(`${site.url}/octopus.html`);
    await page.bringToFront();
    await panel.goto(`chrome-extension://${extensionId}/sidepanel.html`);
    await panel.getByRole('button', { name: 'New', exact: true }).click();
    await sendChat(panel, 'Hello there');
    await assistantMessages(panel).last().and(panel.locator('[data-status="complete"]')).waitFor({ timeout: 20_000 });
    const request = llm.requests.find(saysHello);
    if (!request) throw new Error('the fake LLM never received the Hello');
    return { tokens: estimateInputTokens(request.body), tools: toolNamesOf(request.body), request };
  } finally {
    await panel.close();
    await page.close();
    await site.close();
  }
}

/** Per-model fitting of calls, through the real SDK against the fake server where a server is involved. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../fake-llm';
import type { ChatCall, ChatModel, ModelStreamPart } from '../../../lib/providers/chat-model';
import { createChatModel } from '../../../lib/providers/create-chat-model';
import { lookupModel } from '../../../lib/providers/model-catalog';
import { ProviderError } from '../../../lib/providers/provider-error';
import { fitCall, isToolsRefusal } from '../../../lib/providers/with-model-info';

let llm: FakeLlm;
beforeAll(async () => {
  llm = await startFakeLlm();
});
afterAll(() => llm.close());
beforeEach(() => llm.reset());

const tool = { name: 'read_page', description: 'Reads the page.', inputSchema: { type: 'object' } };
const call: ChatCall = { system: 'sys', messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }], tools: [tool], reasoning: { effort: 'low', budgetTokens: 1024 } };

async function collect(model: ChatModel, c = call): Promise<ModelStreamPart[]> {
  const parts: ModelStreamPart[] = [];
  for await (const p of model.stream(c, new AbortController().signal)) parts.push(p);
  return parts;
}
const bad = (message: string, status = 400) => new ProviderError({ code: 'bad_request', status, message });

describe('isToolsRefusal', () => {
  it('recognises servers refusing tools', () => {
    for (const m of [
      'registry.ollama.ai/library/gemma3:latest does not support tools',
      'tool calling is not supported with this model',
      'This model doesn\'t support function calling',
      '`tool_choice` is not supported',
      'Tools are not supported for this model.',
    ]) expect(isToolsRefusal(bad(m)), m).toBe(true);
  });

  it('does not mistake other errors for it', () => {
    expect(isToolsRefusal(bad('Invalid \'messages[2].tool_call_id\': no such tool call'))).toBe(false);
    expect(isToolsRefusal(bad('max_tokens is too large'))).toBe(false);
    expect(isToolsRefusal(bad('does not support tools', 500))).toBe(false);
    expect(isToolsRefusal(new Error('does not support tools'))).toBe(false);
  });
});

describe('fitCall', () => {
  it('drops the reasoning setting for a model known not to reason, and tools for one that cannot call them', () => {
    expect(fitCall(call, lookupModel('gpt-4o')).tools).toEqual(call.tools);
    expect(fitCall(call, lookupModel('gpt-4o')).reasoning).toBeUndefined();
    expect(fitCall(call, lookupModel('o3')).reasoning).toEqual(call.reasoning);
    expect(fitCall(call, lookupModel('gemma3')).tools).toBeUndefined();
    // Unknown models keep what the user asked for: the server decides.
    expect(fitCall(call, lookupModel('mystery-model'))).toEqual(call);
  });
});

describe('a server that refuses tools', () => {
  it('gets the call again without tools, the stream says so, and the next model for it starts without them', async () => {
    llm.rejectTools('registry.ollama.ai/library/mystery:latest does not support tools');
    llm.enqueue({ text: ['plain ', 'answer'] }, { text: ['second'] });
    const target = { kind: 'openai-compatible' as const, baseUrl: llm.openaiBaseUrl, model: 'mystery-local-model' };
    const model = createChatModel(target, undefined);
    expect(model.info).toEqual({ known: false, reasoning: false, contextWindowTokens: 32_000 });
    const parts = await collect(model);
    expect(parts[0]).toEqual({ type: 'tools-unsupported' });
    expect(parts.filter((p) => p.type === 'text-delta').map((p) => (p as { delta: string }).delta).join('')).toBe('plain answer');
    const completions = llm.requests.filter((r) => r.path === '/v1/chat/completions');
    expect(completions).toHaveLength(2);
    expect(completions[0]!.body).toHaveProperty('tools');
    expect(completions[1]!.body).not.toHaveProperty('tools');
    expect(model.info?.tools).toBe(false);

    const next = createChatModel(target, undefined);
    expect(next.info?.tools).toBe(false);
    const again = await collect(next);
    expect(again.some((p) => p.type === 'tools-unsupported')).toBe(false);
    expect(llm.requests.filter((r) => r.path === '/v1/chat/completions')[2]!.body).not.toHaveProperty('tools');
  });

  it('still fails plainly on any other 400', async () => {
    llm.enqueue({ fault: { kind: 'http', status: 400, message: 'max_tokens is too large' } });
    const model = createChatModel({ kind: 'openai-compatible', baseUrl: llm.openaiBaseUrl, model: 'other-model' }, undefined);
    const error = await collect(model).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'bad_request', status: 400, message: 'max_tokens is too large' });
    expect(llm.requests.filter((r) => r.path === '/v1/chat/completions')).toHaveLength(1);
  });
});

describe('Azure OpenAI', () => {
  it('sends the deployment in the path, the api-version in the query and the key as api-key', async () => {
    llm.enqueue({ text: ['from azure'] });
    const model = createChatModel({ kind: 'azure-openai', baseUrl: llm.url, model: 'my-gpt4o-deployment', apiVersion: '2024-10-21' }, 'azure-key-1234');
    const parts = await collect(model, { system: 's', messages: call.messages });
    expect(parts.filter((p) => p.type === 'text-delta').map((p) => (p as { delta: string }).delta).join('')).toBe('from azure');
    const req = llm.requests[0]!;
    expect(req.path).toBe('/openai/deployments/my-gpt4o-deployment/chat/completions');
    expect(req.query).toBe('api-version=2024-10-21');
    expect(req.headers['api-key']).toBe('azure-key-1234');
    expect(req.headers.authorization).toBeUndefined();
  });

  it('says what is missing instead of calling a vendor default', async () => {
    const error = await collect(createChatModel({ kind: 'azure-openai', baseUrl: '', model: 'd' }, 'k'), { system: '', messages: call.messages }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as Error).message).toMatch(/resource endpoint/);
    expect(llm.requests).toHaveLength(0);
  });
});

/** Per-model fitting of calls, through the real SDK against the fake server where a server is involved. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../fake-llm';
import type { ChatCall, ChatModel, ModelStreamPart } from '../../../lib/providers/chat-model';
import { createChatModel } from '../../../lib/providers/create-chat-model';
import { lookupModel } from '../../../lib/providers/model-catalog';
import { ProviderError } from '../../../lib/providers/provider-error';
import { formatImageResult, NO_IMAGES } from '../../../lib/providers/tool-result-image';
import { fitCall, isImagesRefusal, isToolsRefusal, withModelInfo } from '../../../lib/providers/with-model-info';

let llm: FakeLlm;
beforeAll(async () => {
  llm = await startFakeLlm();
});
afterAll(() => llm.close());
beforeEach(() => llm.reset());

const tool = { name: 'read_page', description: 'Reads the page.', inputSchema: { type: 'object' } };
const call: ChatCall = {
  system: 'sys',
  messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
  tools: [tool],
  reasoning: { effort: 'low', budgetTokens: 1024 },
};

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
      "This model doesn't support function calling",
      '`tool_choice` is not supported',
      'Tools are not supported for this model.',
    ])
      expect(isToolsRefusal(bad(m)), m).toBe(true);
  });

  it('does not mistake other errors for it', () => {
    expect(isToolsRefusal(bad("Invalid 'messages[2].tool_call_id': no such tool call"))).toBe(false);
    expect(isToolsRefusal(bad('max_tokens is too large'))).toBe(false);
    expect(isToolsRefusal(bad('does not support tools', 500))).toBe(false);
    expect(isToolsRefusal(new Error('does not support tools'))).toBe(false);
  });
});

// A conversation whose last tool result is a screenshot, with the screenshot tool offered beside another.
const PNG = 'iVBORw0KGgo=';
const screenshotTool = { name: 'screenshot', description: 'Takes a screenshot.', inputSchema: { type: 'object' } };
const shot: ChatCall = {
  system: 'sys',
  tools: [tool, screenshotTool],
  messages: [
    { role: 'user', content: [{ type: 'text', text: 'What does the page look like?' }] },
    { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 's1', toolName: 'screenshot', input: {} }] },
    {
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: 's1',
          toolName: 'screenshot',
          output: formatImageResult('Screenshot of the tab', { mediaType: 'image/png', data: PNG }),
        },
      ],
    },
  ],
};
const refusal = 'Invalid content type. image_url is only supported by certain models.';

/** The OpenAI-wire messages of a recorded request. */
type WireMessage = { role: string; content: unknown };
const wireMessages = (body: unknown) => (body as { messages: WireMessage[] }).messages;
const hasImagePart = (body: unknown) => JSON.stringify(body).includes('"type":"image_url"');

describe('isImagesRefusal', () => {
  it('recognises servers refusing images for the model', () => {
    for (const m of [
      refusal, // OpenAI (gpt-3.5-turbo, o3-mini), Azure OpenAI
      'Model does not support images. Please use a model that does.', // LM Studio
      '"Model does not support images. Please use a model that does."', // LM Studio's bare-string error, as the SDK quotes it
      'this model does not support image input', // Ollama (cloud models)
      'registry.ollama.ai/library/mistral:latest does not support vision', // Ollama's capability check
      'Failed to create new sequence: failed to process inputs: this model is missing data required for image input', // Ollama's runner
      'facebook/opt-125m is not a multimodal model None', // vLLM
      'At most 0 image(s) may be provided in one request.', // vLLM, images disabled
      'image input is not supported - hint: if this is unexpected, you may need to provide the mmproj', // llama.cpp server
      'No endpoints found that support image input', // OpenRouter
      'Failed to deserialize the JSON body into the target type: messages[3]: unknown variant `image_url`, expected `text` at line 1 column 173667', // DeepSeek
      "This model doesn't support multimodal inputs",
    ])
      expect(isImagesRefusal(bad(m)), m).toBe(true);
    // OpenRouter refuses with a 404, and some Ollama versions with a 500, each in these words only.
    expect(isImagesRefusal(bad('No endpoints found that support image input', 404))).toBe(true);
    expect(
      isImagesRefusal(
        bad(
          'Failed to create new sequence: failed to process inputs: this model is missing data required for image input',
          500,
        ),
      ),
    ).toBe(true);
  });

  it('does not mistake a bad image, or any other error, for it', () => {
    for (const m of [
      "You uploaded an unsupported image. Please make sure your image has of one the following formats: ['png', 'jpeg', 'gif', 'webp'].",
      "Invalid 'messages[2].content[1].image_url.url'. Expected a base64-encoded data URL with an image MIME type (e.g. 'data:image/png;base64,aW1n'), but got unsupported MIME type 'image/svg+xml'.",
      'messages.1.content.0.image.source.base64: image exceeds 5 MB maximum: 6291456 bytes > 5242880 bytes',
      "Image URLs are only allowed for messages with role 'user', but this message with role 'tool' contains an image URL.",
      'Invalid image_url: Timeout while downloading https://example.com/a.png.',
      'image format is not supported',
      'illegal base64 data at input byte 5',
      'registry.ollama.ai/library/gemma3:latest does not support tools',
      "This model's maximum context length is 16385 tokens. However, your messages resulted in 120000 tokens.",
      "Unsupported parameter: 'reasoning_effort' is not supported with this model.",
    ])
      expect(isImagesRefusal(bad(m)), m).toBe(false);
    expect(isImagesRefusal(bad('Model does not support images.', 500))).toBe(false);
    expect(isImagesRefusal(bad('does not support images', 404))).toBe(false);
    expect(isImagesRefusal(bad('No endpoints found that support image input', 500))).toBe(false);
    expect(isImagesRefusal(new Error(refusal))).toBe(false);
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

  it('sends a model that takes no images neither the screenshot tool nor any image, but the screenshot as text', () => {
    const fitted = fitCall(shot, lookupModel('gpt-3.5-turbo'));
    expect(fitted.tools?.map((t) => t.name)).toEqual(['read_page']);
    expect(fitted.messages.at(-1)).toEqual({
      role: 'tool',
      content: [{ type: 'tool-result', toolCallId: 's1', toolName: 'screenshot', output: NO_IMAGES }],
    });
    expect(JSON.stringify(fitted)).not.toContain(PNG);
    expect(fitted.messages.slice(0, 2)).toEqual(shot.messages.slice(0, 2));
    // With the screenshot its only tool, no tools are left to send.
    expect(fitCall({ ...shot, tools: [screenshotTool] }, lookupModel('gpt-3.5-turbo'))).not.toHaveProperty('tools');
  });

  it('keeps the image and the tool for a model that takes images, and for one not known either way', () => {
    expect(fitCall(shot, lookupModel('gpt-4o'))).toEqual(shot);
    expect(fitCall(shot, lookupModel('mystery-model'))).toEqual(shot);
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
    expect(
      parts
        .filter((p) => p.type === 'text-delta')
        .map((p) => (p as { delta: string }).delta)
        .join(''),
    ).toBe('plain answer');
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
    const model = createChatModel(
      { kind: 'openai-compatible', baseUrl: llm.openaiBaseUrl, model: 'other-model' },
      undefined,
    );
    const error = await collect(model).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'bad_request', status: 400, message: 'max_tokens is too large' });
    expect(llm.requests.filter((r) => r.path === '/v1/chat/completions')).toHaveLength(1);
  });
});

describe('a server that refuses images', () => {
  const target = { kind: 'openai-compatible' as const, baseUrl: '', model: 'text-only-local' };

  it('gets the same call again once without the image and the screenshot tool, and the next model for it starts without them', async () => {
    llm.rejectImages(refusal);
    llm.enqueue({ text: ['It is a ', 'sign-in form.'] }, { text: ['second'] });
    const model = createChatModel({ ...target, baseUrl: llm.openaiBaseUrl }, undefined);
    expect(model.info?.images).toBeUndefined();
    const parts = await collect(model, shot);
    expect(
      parts
        .filter((p) => p.type === 'text-delta')
        .map((p) => (p as { delta: string }).delta)
        .join(''),
    ).toBe('It is a sign-in form.');
    const completions = llm.requests.filter((r) => r.path === '/v1/chat/completions');
    expect(completions).toHaveLength(2);
    expect(hasImagePart(completions[0]!.body)).toBe(true);
    expect(hasImagePart(completions[1]!.body)).toBe(false);
    expect(JSON.stringify(completions[1]!.body)).not.toContain(PNG);
    expect(wireMessages(completions[1]!.body).find((m) => m.role === 'tool')?.content).toBe(NO_IMAGES);
    expect(
      (completions[1]!.body as { tools: { function: { name: string } }[] }).tools.map((t) => t.function.name),
    ).toEqual(['read_page']);
    expect(model.info?.images).toBe(false);

    const next = createChatModel({ ...target, baseUrl: llm.openaiBaseUrl }, undefined);
    expect(next.info?.images).toBe(false);
    await collect(next, shot);
    const after = llm.requests.filter((r) => r.path === '/v1/chat/completions');
    expect(after).toHaveLength(3);
    expect(hasImagePart(after[2]!.body)).toBe(false);
  });

  it('is believed once: a second refusal, of the call without images, fails the call', async () => {
    const fault = { kind: 'http' as const, status: 400, message: refusal };
    llm.enqueue({ fault }, { fault });
    const model = createChatModel({ ...target, baseUrl: llm.openaiBaseUrl, model: 'text-only-twice' }, undefined);
    const error = await collect(model, shot).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 400, message: refusal });
    expect(llm.requests.filter((r) => r.path === '/v1/chat/completions')).toHaveLength(2);
  });

  it('is not retried once the model has streamed output, nor when the call carried no image', async () => {
    const refused = new ProviderError({ code: 'bad_request', status: 400, message: refusal });
    let calls = 0;
    const failing = (before: ModelStreamPart[]): ChatModel => ({
      provider: 'fake',
      modelId: 'm',
      async *stream() {
        calls++;
        yield* before;
        throw refused;
      },
    });
    const info = () => ({ ...lookupModel('mystery-model') });
    await expect(
      collect(withModelInfo(failing([{ type: 'text-delta', delta: 'Looking' }]), info()), shot),
    ).rejects.toBe(refused);
    expect(calls).toBe(1);
    calls = 0;
    await expect(collect(withModelInfo(failing([]), info()), call)).rejects.toBe(refused);
    expect(calls).toBe(1);
  });

  it("is retried after the SDK's retry notices, which are not output", async () => {
    const sent: ChatCall[] = [];
    const model: ChatModel = {
      provider: 'fake',
      modelId: 'm',
      async *stream(c) {
        sent.push(c);
        if (sent.length === 1) {
          yield { type: 'retry', attempt: 1, status: 500, delayMs: 10 };
          throw new ProviderError({
            code: 'server',
            status: 500,
            message:
              'Failed to create new sequence: failed to process inputs: this model is missing data required for image input',
          });
        }
        yield { type: 'text-delta', delta: 'ok' };
      },
    };
    const parts = await collect(withModelInfo(model, { ...lookupModel('mystery-model') }), shot);
    expect(parts.at(-1)).toEqual({ type: 'text-delta', delta: 'ok' });
    expect(sent).toHaveLength(2);
    expect(JSON.stringify(sent[1])).not.toContain(PNG);
  });

  it('never happens to a model that takes images: its image goes as an image part', async () => {
    llm.rejectImages(refusal);
    const model = createChatModel(
      { kind: 'openai-compatible', baseUrl: llm.openaiBaseUrl, model: 'gpt-4o' },
      undefined,
    );
    expect(model.info?.images).toBe(true);
    const error = await collect(model, shot).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 400, message: refusal });
    const completions = llm.requests.filter((r) => r.path === '/v1/chat/completions');
    expect(completions).toHaveLength(1);
    expect(hasImagePart(completions[0]!.body)).toBe(true);
    expect(model.info?.images).toBe(true);
  });
});

describe('Azure OpenAI', () => {
  it('sends the deployment in the path, the api-version in the query and the key as api-key', async () => {
    llm.enqueue({ text: ['from azure'] });
    const model = createChatModel(
      { kind: 'azure-openai', baseUrl: llm.url, model: 'my-gpt4o-deployment', apiVersion: '2024-10-21' },
      'azure-key-1234',
    );
    const parts = await collect(model, { system: 's', messages: call.messages });
    expect(
      parts
        .filter((p) => p.type === 'text-delta')
        .map((p) => (p as { delta: string }).delta)
        .join(''),
    ).toBe('from azure');
    const req = llm.requests[0]!;
    expect(req.path).toBe('/openai/deployments/my-gpt4o-deployment/chat/completions');
    expect(req.query).toBe('api-version=2024-10-21');
    expect(req.headers['api-key']).toBe('azure-key-1234');
    expect(req.headers.authorization).toBeUndefined();
  });

  it('says what is missing instead of calling a vendor default', async () => {
    const error = await collect(createChatModel({ kind: 'azure-openai', baseUrl: '', model: 'd' }, 'k'), {
      system: '',
      messages: call.messages,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as Error).message).toMatch(/resource endpoint/);
    expect(llm.requests).toHaveLength(0);
  });
});

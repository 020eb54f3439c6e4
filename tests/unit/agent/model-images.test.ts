/** A model that takes no images is not broken by the screenshot tool: it reads the screenshot as text. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createFakeChatModel, textReply, toolCallsReply } from '../../../lib/agent/testing/fake-chat-model';
import type { ChatCall } from '../../../lib/providers/chat-model';
import { lookupModel } from '../../../lib/providers/model-catalog';
import { ProviderError } from '../../../lib/providers/provider-error';
import { formatImageResult, NO_IMAGES } from '../../../lib/providers/tool-result-image';
import { withModelInfo } from '../../../lib/providers/with-model-info';
import { defineTool, type Tool } from '../../../lib/tools/define-tool';
import { echoTool, setup } from './harness';

const PNG = 'iVBORw0KGgo=';
const screenshot = defineTool({
  name: 'screenshot',
  description: 'Takes a screenshot.',
  input: z.object({}),
  readOnly: true,
  execute: async () => formatImageResult('Screenshot of the tab', { mediaType: 'image/png', data: PNG }),
}) as Tool;

const toolNames = (c: ChatCall) => c.tools?.map((t) => t.name);
const screenshotResult = (c: ChatCall) =>
  c.messages.flatMap((m) => (m.role === 'tool' ? m.content : [])).find((r) => r.toolName === 'screenshot')?.output;

describe('a model that takes no images', () => {
  it('whose server refuses the screenshot mid-run: the step is sent again without it, the run ends with its answer, and later steps are built without images', async () => {
    const { tool } = echoTool('read_page');
    const fake = createFakeChatModel([
      toolCallsReply([{ id: 's1', name: 'screenshot', input: {} }]),
      [
        {
          throw: new ProviderError({
            code: 'bad_request',
            status: 400,
            message: 'Invalid content type. image_url is only supported by certain models.',
          }),
        },
      ],
      toolCallsReply([{ id: 'r1', name: 'read_page', input: { value: 'x' } }]),
      textReply('It is a sign-in form.'),
    ]);
    const model = withModelInfo(fake, { ...lookupModel('text-only-local') });
    const s = setup({ scripts: [], tools: [tool, screenshot], runtime: { resolveModel: () => model } });
    const h = await s.start('What does the page look like?');
    await h.done;

    expect(s.events.some((e) => e.type === 'error')).toBe(false);
    expect(s.events.find((e) => e.type === 'run-finish')).toMatchObject({ reason: 'stop' });
    expect(toolNames(fake.calls[0]!)).toEqual(['read_page', 'screenshot']);
    expect(screenshotResult(fake.calls[1]!)).toContain(PNG);
    // The refused step again: the screenshot as text, the tool no longer offered.
    expect(screenshotResult(fake.calls[2]!)).toBe(NO_IMAGES);
    expect(toolNames(fake.calls[2]!)).toEqual(['read_page']);
    // The next step is built that way, so the journal keeps what the model was sent.
    expect(screenshotResult(fake.calls[3]!)).toBe(NO_IMAGES);
    expect(toolNames(fake.calls[3]!)).toEqual(['read_page']);
    const snap = (await s.journal.read(h.runId))!;
    expect(screenshotResult(snap.steps[2]!.request)).toBe(NO_IMAGES);
    expect(toolNames(snap.steps[2]!.request)).toEqual(['read_page']);
    // The tool's own record keeps the image: the card still shows what was captured.
    expect(snap.toolCalls.find((c) => c.toolName === 'screenshot')?.result).toEqual({
      value: formatImageResult('Screenshot of the tab', { mediaType: 'image/png', data: PNG }),
    });
  });

  it('known from the catalog: the screenshot is never offered', async () => {
    const { tool } = echoTool('read_page');
    const s = setup({ scripts: [textReply('ok')], tools: [tool, screenshot] });
    Object.assign(s.model, { info: lookupModel('gpt-3.5-turbo') });
    const h = await s.start('hi');
    await h.done;
    expect(toolNames(s.model.calls[0]!)).toEqual(['read_page']);
  });
});

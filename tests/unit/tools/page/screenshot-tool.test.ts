import { describe, expect, it } from 'vitest';
import type { ToolContext } from '../../../../lib/tools/define-tool';
import type { PageToolCall } from '../../../../lib/tools/page/page-router';
import { createScreenshotTool, NOT_VISIBLE } from '../../../../lib/tools/page/screenshot-tool';
import { ToolError } from '../../../../lib/tools/tool-error';
import { splitToolResultImage } from '../../../../lib/providers/tool-result-image';
import { toModelText } from '../../../../lib/agent/to-model-text';

const ctx = {
  runId: 'r1',
  toolCallId: 's1',
  signal: new AbortController().signal,
  tabId: 3,
  agentPath: [],
  delegate: async () => '',
  now: () => 0,
} satisfies ToolContext;

function setup(capture: (tabId: number) => Promise<string>) {
  const sent: PageToolCall[] = [];
  const tool = createScreenshotTool({
    capture,
    onPage: async (_name, call) => {
      sent.push(call);
      const output = call.toolName === 'screenshot_prepare' ? { masked: 2, labelled: 0 } : { removed: true };
      return { ok: true, output } as never;
    },
  });
  return { sent, tool };
}

describe('screenshot', () => {
  it('masks, captures, unmasks, and returns the image for the mappers', async () => {
    let sentBeforeCapture: string[] = [];
    const { sent, tool } = setup(async () => {
      sentBeforeCapture = sent.map((c) => c.toolName);
      return 'data:image/png;base64,iVBORw0KGgo=';
    });
    // What the model is sent for it: the mappers split the image back out of that text.
    const out = toModelText({ value: await tool.execute({ refs: true }, ctx) }, 'b0undary1', 'screenshot');
    expect(sent.map((c) => [c.toolName, c.input])).toEqual([
      ['screenshot_prepare', { refs: true }],
      ['screenshot_done', {}],
    ]);
    // Captured between the masking and the unmasking, never after.
    expect(sentBeforeCapture).toEqual(['screenshot_prepare']);
    const { text, image } = splitToolResultImage({
      type: 'tool-result',
      toolCallId: 's1',
      toolName: 'screenshot',
      output: out,
    });
    expect(image).toEqual({ mediaType: 'image/png', data: 'iVBORw0KGgo=' });
    expect(text).toMatch(/2 password, card or one-time-code fields covered in black/);
  });

  it('removes the masks when the capture fails, and says why (a tab that is not on screen)', async () => {
    const { sent, tool } = setup(async () => {
      throw new ToolError(NOT_VISIBLE);
    });
    await expect(Promise.resolve().then(() => tool.execute({}, ctx))).rejects.toThrow(
      /not the visible tab of its window/,
    );
    expect(sent.map((c) => c.toolName)).toEqual(['screenshot_prepare', 'screenshot_done']);
  });

  it('takes no value the model could use to reach anything else', () => {
    const { tool } = setup(async () => '');
    expect(tool.input.safeParse({ url: 'https://x.example' }).success).toBe(false);
    expect(tool.needsApproval).toBe(false);
  });
});

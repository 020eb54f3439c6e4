/** Attached images in a user message: each vendor's image part after the text, text only for the built-in model and for a model that takes none. */
import { describe, expect, it } from 'vitest';
import type { ChatCall } from '../../../lib/providers/chat-model';
import { mapAnthropicMessages } from '../../../lib/providers/map-anthropic-messages';
import { mapOpenAIMessages } from '../../../lib/providers/map-openai-messages';
import { mapPromptApiMessages } from '../../../lib/providers/map-prompt-api-messages';
import { carriesImage, withoutImages } from '../../../lib/providers/tool-result-image';

const call: ChatCall = {
  system: 'sys',
  messages: [
    {
      role: 'user',
      content: [
        { type: 'text', text: 'DATA' },
        { type: 'image', mediaType: 'image/webp', data: 'UklGRg==' },
        { type: 'text', text: 'What is in the photo?' },
      ],
    },
  ],
};

describe('attached images', () => {
  it('go to OpenAI as image_url parts after the text, and to Anthropic as base64 image blocks in place', () => {
    expect(mapOpenAIMessages(call)[1]).toEqual({
      role: 'user',
      content: [
        { type: 'text', text: 'DATA\n\nWhat is in the photo?' },
        { type: 'image_url', image_url: { url: 'data:image/webp;base64,UklGRg==' } },
      ],
    });
    const [anthropic] = mapAnthropicMessages(call);
    expect(anthropic!.content).toEqual([
      { type: 'text', text: 'DATA' },
      { type: 'image', source: { type: 'base64', media_type: 'image/webp', data: 'UklGRg==' } },
      expect.objectContaining({ type: 'text', text: 'What is in the photo?' }),
    ]);
  });

  it('a message without images stays one string for OpenAI-compatible servers', () => {
    const textOnly: ChatCall = { system: '', messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }] };
    expect(mapOpenAIMessages(textOnly)).toEqual([{ role: 'user', content: 'hi' }]);
  });

  it('are left out for the built-in model and for a model that takes none; they count as carrying an image', () => {
    expect(mapPromptApiMessages(call).prompt).toBe('DATA\n\nWhat is in the photo?');
    expect(carriesImage(call.messages)).toBe(true);
    const stripped = withoutImages(call.messages);
    expect(JSON.stringify(stripped)).not.toContain('UklGRg==');
    expect(carriesImage(stripped)).toBe(false);
  });
});

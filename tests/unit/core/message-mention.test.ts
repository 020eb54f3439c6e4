import { describe, expect, it } from 'vitest';
import {
  composeMessage,
  mentionsForModel,
  splitMentions,
  validMentions,
  type MessageMention,
} from '../../../lib/core/message-mention';

const order = { tabId: 7, title: 'Order details' };
const inbox = { tabId: 9, title: 'Inbox' };

describe('mentions in a message', () => {
  it('the composer pieces become the text, each tab written as @title where it stood, trimmed as sent', () => {
    const { text, mentions } = composeMessage(['  Compare ', order, ' with ', inbox, ' \n']);
    expect(text).toBe('Compare @Order details with @Inbox');
    expect(mentions).toEqual([
      { tabId: 7, title: 'Order details', start: 8, end: 22 },
      { tabId: 9, title: 'Inbox', start: 28, end: 34 },
    ]);
    for (const m of mentions) expect(text.slice(m.start, m.end)).toBe(`@${m.title}`);
    expect(composeMessage([order])).toEqual({
      text: '@Order details',
      mentions: [{ tabId: 7, title: 'Order details', start: 0, end: 14 }],
    });
    expect(composeMessage(['  '])).toEqual({ text: '', mentions: [] });
  });

  it('split into text and pills in place; a mention that does not hold is plain text', () => {
    const { text, mentions } = composeMessage(['Compare ', order, ' with ', inbox]);
    expect(splitMentions(text, mentions)).toEqual([
      { text: 'Compare ' },
      { mention: mentions[0] },
      { text: ' with ' },
      { mention: mentions[1] },
    ]);
    const moved: MessageMention = { ...mentions[1]!, start: 27, end: 33 };
    const broken: MessageMention[] = [
      moved, // not where it says
      { ...mentions[0]!, title: 'Order\ndetails', end: 22 }, // two lines
      { tabId: 1, title: '', start: 0, end: 1 }, // no title
    ];
    expect(validMentions(text, broken)).toEqual([]);
    expect(splitMentions(text, broken)).toEqual([{ text }]);
    // Out of order or overlapping: the later one is not a mention.
    expect(validMentions(text, [mentions[1]!, mentions[0]!])).toEqual([mentions[1]]);
    expect(splitMentions('plain', undefined)).toEqual([{ text: 'plain' }]);
  });

  it('the model reads each mention with its tab id where the user put it', () => {
    const { text, mentions } = composeMessage(['Compare ', order, ' with ', inbox, '.']);
    expect(mentionsForModel(text, mentions)).toBe('Compare @tab 7 with @tab 9.');
    expect(mentionsForModel('Hello @you', [])).toBe('Hello @you');
  });
});

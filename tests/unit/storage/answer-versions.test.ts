/** An answer's versions: which is shown, switching, and what a new answer to the same question carries. */
import { describe, expect, it } from 'vitest';
import {
  listVersions,
  showVersion,
  shownVersionIndex,
  versionCount,
  versionsCarriedBy,
} from '../../../lib/storage/answer-versions';
import type { MessageRecord } from '../../../lib/storage/records';

const answer = (text: string, extra: Partial<MessageRecord> = {}): MessageRecord => ({
  id: 'a',
  conversationId: 'c',
  role: 'assistant',
  text,
  status: 'complete',
  createdAt: 5,
  runId: `run-${text}`,
  ...extra,
});

describe('answer versions', () => {
  it('an answer stored before versions existed is one version, shown', () => {
    const old = answer('only');
    expect(versionCount(old)).toBe(1);
    expect(shownVersionIndex(old)).toBe(0);
    expect(listVersions(old)).toEqual([{ text: 'only', status: 'complete', runId: 'run-only' }]);
    expect(showVersion(old, 1)).toBe(old);
  });

  it('regenerating carries every earlier version, oldest first, and the new answer is shown after them', () => {
    const first = answer('one');
    const second = { ...answer('two'), ...versionsCarriedBy(first) };
    const third = { ...answer('three'), ...versionsCarriedBy(second) };
    expect(versionCount(third)).toBe(3);
    expect(shownVersionIndex(third)).toBe(2);
    expect(listVersions(third).map((v) => v.text)).toEqual(['one', 'two', 'three']);
  });

  it('showing another version swaps its fields in, keeps the message where it is, and the order of all', () => {
    const third: MessageRecord = {
      ...answer('three', { usage: { inputTokens: 1, outputTokens: 3, cachedInputTokens: 0, cacheWriteTokens: 0 } }),
      otherVersions: [
        { text: 'one', status: 'stopped', runId: 'run-one' },
        { text: 'two', status: 'error', error: { code: 'auth', message: 'failed' } },
      ],
      versionIndex: 2,
    };
    const first = showVersion(third, 0);
    expect(first).toMatchObject({ id: 'a', conversationId: 'c', createdAt: 5, text: 'one', status: 'stopped' });
    expect(first.runId).toBe('run-one');
    // Nothing of the version shown before stays on the record's own fields.
    expect(first.usage).toBeUndefined();
    expect(first.error).toBeUndefined();
    expect(shownVersionIndex(first)).toBe(0);
    expect(listVersions(first).map((v) => v.text)).toEqual(['one', 'two', 'three']);
    const back = showVersion(showVersion(first, 1), 2);
    expect(back).toEqual(third);
  });

  it('an index out of range, or not a whole number, shows nothing else; a stored one out of range reads as the nearest', () => {
    const two: MessageRecord = { ...answer('two'), otherVersions: [{ text: 'one', status: 'complete' }] };
    expect(showVersion(two, 2)).toBe(two);
    expect(showVersion(two, -1)).toBe(two);
    expect(showVersion(two, 0.5)).toBe(two);
    expect(shownVersionIndex({ ...two, versionIndex: 9 })).toBe(1);
    expect(shownVersionIndex({ ...two, versionIndex: -3 })).toBe(0);
  });

  it('a version with nothing to show (a bare error, a stop before any text) is not carried; one left streaming is interrupted', () => {
    expect(versionsCarriedBy(answer('', { status: 'error', error: { code: 'auth', message: 'no' } }))).toEqual({});
    const tool = answer('', {
      status: 'stopped',
      parts: [{ kind: 'tool', toolCallId: 't', toolName: 'read_page', status: 'done' }],
    });
    expect(versionsCarriedBy(tool).otherVersions).toHaveLength(1);
    const carried = versionsCarriedBy({
      ...answer('half', { status: 'streaming' }),
      otherVersions: [{ text: ' ', status: 'stopped' }],
    });
    expect(carried).toEqual({
      otherVersions: [{ text: 'half', status: 'interrupted', runId: 'run-half' }],
      versionIndex: 1,
    });
  });
});

import { describe, expect, it } from 'vitest';
import { splitText } from '../../fake-llm/split-text';

describe('splitText', () => {
  it('splits into nearly equal consecutive slices that join back', () => {
    expect(splitText('{"a":12345}', 3)).toEqual(['{"a"', ':123', '45}']);
  });

  it('gives fewer pieces than asked for short text, and none for empty text', () => {
    expect(splitText('ab', 5)).toEqual(['a', 'b']);
    expect(splitText('', 3)).toEqual([]);
    expect(splitText('abc', 0)).toEqual(['abc']);
  });
});

import { describe, expect, it } from 'vitest';
import { fitAttachments } from '../../../lib/agent/fit-attachments';
import type { AttachedFile } from '../../../lib/agent/run-settings';

/** One token a character, so budgets read plainly. */
const estimate = (text: string) => text.length;
const file = (name: string, text: string, current: boolean): AttachedFile => ({
  name,
  kind: 'text file',
  text,
  current,
});

describe('attached files fitted to the window', () => {
  it('keeps every file whole when they fit', () => {
    const files = [file('a.txt', 'aaaa', true), file('b.txt', 'bb', false)];
    expect(fitAttachments(files, 6, estimate)).toEqual(files);
  });

  it('serves the message’s own files first, cuts where the budget ends and says so, in the files’ order', () => {
    const earlier = file('old.txt', 'o'.repeat(10), false);
    const current = file('new.txt', 'n'.repeat(8), true);
    const image = { name: 'p.png', kind: 'PNG image', current: false, notSent: 'no' };
    const [a, b, c] = fitAttachments([earlier, current, image], 12, estimate);
    expect(b).toEqual(current);
    expect(a!.text).toBe('oooo');
    expect(a!.notes).toEqual([
      "Only the first 4 of 10 characters are here: the rest does not fit the model's context window.",
    ]);
    expect(c).toEqual(image);
    expect(fitAttachments([earlier], 0, estimate)[0]!.text).toBe('');
  });
});

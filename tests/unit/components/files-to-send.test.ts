import { describe, expect, it } from 'vitest';
import { filesToSend } from '../../../components/sidepanel/files-to-send';

const chips = (ids: string[] | undefined) => ({ forSend: () => ids });

describe('the files a message goes with', () => {
  it('waits while a chip is read or waits for its password: the message is not sent without it', () => {
    expect(filesToSend(false, { loading: true, state: chips(undefined) })).toBeUndefined();
  });
  it('waits while the attachments code loads', () => {
    expect(filesToSend(false, { loading: true })).toBeUndefined();
  });
  it('sends the ids of the chips that are read', () => {
    expect(filesToSend(false, { loading: true, state: chips(['a', 'b']) })).toEqual(['a', 'b']);
  });
  it('sends none when nothing was attached, or during a run (the files wait for the next message)', () => {
    expect(filesToSend(false, { loading: false })).toEqual([]);
    expect(filesToSend(true, { loading: true, state: chips(['a']) })).toEqual([]);
  });
});

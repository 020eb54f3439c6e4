import { describe, expect, it, vi } from 'vitest';
import { createAttachmentState } from '../../../components/sidepanel/attachment-state';

const file = (name: string, size = 10) => ({ name, size, type: '' }) as unknown as File;

describe('the composer’s attached files', () => {
  it('stores and reads each file, then shows it ready with what the worker said of it', async () => {
    const store = vi.fn(async (f: File) => `id-${f.name}`);
    const read = vi.fn(async (id: string) => ({ id, name: 'q3.pdf', size: 10, kind: 'pdf', pages: 2 }));
    const s = createAttachmentState({ store, read });
    await s.add([file('q3.pdf')], { conversationId: 'c1' });
    expect(read).toHaveBeenCalledWith('id-q3.pdf', { conversationId: 'c1' });
    expect(s.chips.value).toMatchObject([{ name: 'q3.pdf', status: 'ready', attachment: { pages: 2 } }]);
    expect(s.forSend()).toEqual(['id-q3.pdf']);
  });

  it('refuses a file over the limit by name before copying a byte, and shows a reader’s error on its chip', async () => {
    const store = vi.fn(async () => 'id');
    const read = vi.fn(async () => {
      throw new Error('Could not read bad.docx: its zip directory is damaged.');
    });
    const s = createAttachmentState({ store, read });
    await s.add([file('huge.pdf', 300_000_000), file('bad.docx')], {});
    expect(store).toHaveBeenCalledTimes(1);
    expect(s.chips.value.map((c) => [c.status, c.error])).toEqual([
      ['failed', 'Could not attach huge.pdf: it is 300 MB, and files of at most 50 MB can be attached.'],
      ['failed', 'Could not read bad.docx: its zip directory is damaged.'],
    ]);
    // Failed files are not sent; the message still goes.
    expect(s.forSend()).toEqual([]);
  });

  it('asks for a locked PDF’s password on its chip, says when it was wrong, and reads it with the right one', async () => {
    const locked = (code: string) =>
      Object.assign(new Error('Could not read locked.pdf: it needs a password.'), { code });
    const read = vi.fn(async (id: string, _target: unknown, password?: string) => {
      if (password === undefined) throw locked('needs_password');
      if (password !== 'right') throw locked('wrong_password');
      return { id, name: 'locked.pdf', size: 10, kind: 'pdf', pages: 1 };
    });
    const s = createAttachmentState({ store: async () => 'id-locked', read });
    await s.add([file('locked.pdf')], { conversationId: 'c1' });
    expect(s.chips.value).toMatchObject([{ status: 'locked', lockedId: 'id-locked' }]);
    // Not sent while locked, with a notice saying what to do.
    expect(s.forSend()).toBeUndefined();
    expect(s.notice.value).toContain('password');
    const key = s.chips.value[0]!.key;
    await s.unlock(key, 'wrong');
    expect(s.chips.value).toMatchObject([{ status: 'locked', wrongPassword: true }]);
    await s.unlock(key, 'right');
    expect(read).toHaveBeenLastCalledWith('id-locked', { conversationId: 'c1' }, 'right');
    expect(s.chips.value).toMatchObject([{ status: 'ready', attachment: { pages: 1 } }]);
    // The password is in no state the panel keeps.
    expect(JSON.stringify(s.chips.value)).not.toContain('right"');
    expect(s.forSend()).toEqual(['id-locked']);
  });

  it('gives up on a locked chip after five wrong passwords, naming the file', async () => {
    const read = vi.fn(async () => {
      throw Object.assign(new Error('locked'), { code: 'wrong_password' });
    });
    const s = createAttachmentState({ store: async () => 'id', read });
    await s.add([file('locked.pdf')], {});
    const key = s.chips.value[0]!.key;
    for (let i = 0; i < 5; i++) await s.unlock(key, `p${i}`);
    expect(s.chips.value).toMatchObject([{ status: 'failed' }]);
    expect(s.chips.value[0]!.error).toContain('locked.pdf');
    expect(read).toHaveBeenCalledTimes(6);
  });

  it('holds the message while a file is read, takes at most ten files, and removes one on request', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const read = vi.fn(async (id: string) => {
      await gate;
      return { id, name: id, size: 1, kind: 'text' };
    });
    const s = createAttachmentState({ store: async (f) => f.name, read });
    const adding = s.add([file('a.txt')], {});
    await vi.waitFor(() => expect(read).toHaveBeenCalled());
    expect(s.forSend()).toBeUndefined();
    expect(s.notice.value).toBe('Your message goes as soon as the attached files are read.');
    release();
    await adding;
    await s
      .add(
        Array.from({ length: 12 }, (_, i) => file(`f${i}.txt`, 1)),
        {},
      )
      .catch(() => undefined);
    expect(s.chips.value).toHaveLength(10);
    expect(s.notice.value).toBe('At most 10 files can be attached to one message.');
    s.remove(s.chips.value[0]!.key);
    expect(s.chips.value).toHaveLength(9);
    s.clear();
    expect(s.chips.value).toEqual([]);
  });
});

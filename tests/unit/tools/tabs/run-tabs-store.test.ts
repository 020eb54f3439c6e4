import { describe, expect, it } from 'vitest';
import { createRunTabsStore } from '../../../../lib/tools/tabs/run-tabs-store';

function countingArea() {
  const data: Record<string, unknown> = {};
  const area = {
    reads: 0,
    get: (key: string) => {
      area.reads += 1;
      return Promise.resolve(key in data ? { [key]: structuredClone(data[key]) } : {});
    },
    set: (items: Record<string, unknown>) => {
      Object.assign(data, structuredClone(items));
      return Promise.resolve();
    },
    data,
  };
  return area;
}

describe('run tabs store', () => {
  it('reads the area once per run, then answers from what it read or wrote', async () => {
    const area = countingArea();
    const store = createRunTabsStore(area);
    expect(await store.get('r1')).toEqual({ opened: [], origins: [] });
    await store.update('r1', (s) => ({ ...s, opened: [7], current: 7 }));
    expect(await store.get('r1')).toMatchObject({ opened: [7], current: 7 });
    expect(area.reads).toBe(1);
    // What is stored is what a restarted worker (a new store) reads back.
    expect(await createRunTabsStore(area).get('r1')).toMatchObject({ opened: [7], current: 7 });
  });

  it('asked at once for the same run (each tool, when tools are offered), reads the area once; each gets its copy', async () => {
    const area = countingArea();
    area.data['tabwise.runTabs.r3'] = { opened: [4], origins: ['https://a.example'], current: 4 };
    const store = createRunTabsStore(area);
    const all = await Promise.all([store.get('r3'), store.get('r3'), store.get('r3')]);
    expect(area.reads).toBe(1);
    for (const s of all) expect(s).toEqual({ opened: [4], origins: ['https://a.example'], current: 4 });
    all[0]!.opened.push(99);
    expect(all[1]!.opened).toEqual([4]);
    expect((await store.get('r3')).opened).toEqual([4]);
    // A write is what the next read answers.
    await store.update('r3', (s) => ({ ...s, current: 5 }));
    expect((await store.get('r3')).current).toBe(5);
  });

  it('a change made while the shared read is out builds on it, and is what the next read answers', async () => {
    const area = countingArea();
    area.data['tabwise.runTabs.r4'] = { opened: [3], origins: [] };
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const get = area.get;
    area.get = async (key: string) => {
      const found = await get(key);
      await held;
      return found;
    };
    const store = createRunTabsStore(area);
    const first = store.get('r4');
    const changed = store.update('r4', (s) => ({ ...s, opened: [...s.opened, 8] }));
    release();
    expect((await first).opened).toEqual([3]);
    expect((await changed).opened).toEqual([3, 8]);
    expect((await store.get('r4')).opened).toEqual([3, 8]);
    expect(area.reads).toBe(1);
  });

  it('hands out copies: changing one does not change the stored state', async () => {
    const store = createRunTabsStore(countingArea());
    const state = await store.update('r2', (s) => ({ ...s, origins: ['https://a.example'] }));
    state.origins.push('https://evil.example');
    (await store.get('r2')).origins.push('https://evil.example');
    expect((await store.get('r2')).origins).toEqual(['https://a.example']);
  });

  it('reads a run it no longer remembers from the area again', async () => {
    const area = countingArea();
    const store = createRunTabsStore(area);
    await store.update('first', (s) => ({ ...s, opened: [1] }));
    for (let i = 0; i < 40; i++) await store.update(`run-${i}`, (s) => s);
    const before = area.reads;
    expect((await store.get('first')).opened).toEqual([1]);
    expect(area.reads).toBe(before + 1);
  });
});

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

/**
 * What Tabwise injects into a page. The page agent (entrypoints/page-agent.ts) goes into every frame a run acts
 * on; the act part (entrypoints/page-actions.ts, lib/page/act-part.ts) only into a frame where an action needs
 * typing, keys, a slider, a combobox or a text selection. The part's modules must not come back into the agent
 * (they would be injected everywhere again), and the part must not carry a second copy of the agent's modules
 * beyond a few small stateless helpers: naming, roles, option checks and the pointer (whose per-document state
 * two copies would split) reach it from the agent (`ActKit`), and so do the agent's errors.
 */
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root, startupGraph } from './static-import-graph';

const page = (names: string[]) => new Set(names.map((n) => `lib/page/${n}.ts`));
const graphOf = (entry: string) => {
  const { modules, packages } = startupGraph(join(root, entry));
  return { modules: new Set([...modules].map((f) => relative(root, f))), packages };
};

/** The act part's own modules: in the part, never in the agent. */
const MOVED = page([
  'act-mechanics',
  'choose-option',
  'key-events',
  'press-key',
  'type-text',
  'set-slider-value',
  'set-handle-value',
  'select-text',
  'wait-until',
  'validate-tool-args',
]);
/** The agent's modules the part may carry a copy of: small, and with no state a second copy could split. */
const SHARED_STATELESS = page([
  'act-part',
  'deep-active-element',
  'set-native-value',
  'element-state',
  'layout-memo',
  'pass-memo',
]);

describe('the page scripts', () => {
  const agent = graphOf('entrypoints/page-agent.ts');
  const part = graphOf('entrypoints/page-actions.ts');

  it('are walked (the agent reaches its commands, the part its mechanics)', () => {
    expect(agent.modules.has('lib/page/act-on-page.ts')).toBe(true);
    expect(agent.modules.has('lib/page/snapshot-page.ts')).toBe(true);
    expect(part.modules.has('lib/page/type-text.ts')).toBe(true);
    expect(part.modules.has('lib/page/choose-option.ts')).toBe(true);
  });

  it("keep the act part's modules out of the page agent", () => {
    expect([...agent.modules].filter((m) => MOVED.has(m))).toEqual([]);
  });

  it("keep the agent's modules out of the act part, but for small stateless helpers", () => {
    const extra = [...part.modules].filter(
      (m) => m !== 'entrypoints/page-actions.ts' && !MOVED.has(m) && !SHARED_STATELESS.has(m),
    );
    expect(extra).toEqual([]);
    expect([...part.packages.keys()]).toEqual([]);
  });
});

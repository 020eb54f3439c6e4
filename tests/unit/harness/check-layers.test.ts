import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { analyzeLayers, folderOf, formatViolation } from '../../harness/check-layers.mjs';

const roots: string[] = [];

/** A throwaway project tree: path → source. */
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'layers-'));
  roots.push(root);
  for (const [path, source] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), source);
  }
  return root;
}

afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe('check-layers', () => {
  it('maps files to their folder: lib/tools/page is tools, every lib/retrieval/* is retrieval', () => {
    expect(folderOf('lib/tools/page/page-tools.ts')).toBe('tools');
    expect(folderOf('lib/retrieval/engine/configure.ts')).toBe('retrieval');
    expect(folderOf('components/ui/render-markdown.ts')).toBe('components');
    expect(folderOf('entrypoints/background.ts')).toBe('entrypoints');
    expect(folderOf('prompts/system.md')).toBeUndefined();
  });

  it('passes imports that point down, same-rank imports without a cycle, packages, prompts and tests beside the code', () => {
    const root = tree({
      'entrypoints/background.ts': "import { start } from '../lib/background/start';\nimport '../components/ui/x';",
      'components/ui/x.ts': "import { a } from '../../lib/agent/a';\nimport md from '../../prompts/system.md?raw';",
      'lib/background/start.ts': "import { a } from '../agent/a';\nexport const start = a;",
      'lib/agent/a.ts': "import { z } from 'zod';\nimport type { R } from '../storage/r';\nexport const a = 1;",
      'lib/storage/r.ts': "import { e } from '../messaging/e';\nexport type R = typeof e;",
      'lib/messaging/e.ts': 'export const e = 1;',
      'lib/messaging/e.test.ts': "import { a } from '../agent/a';",
      'prompts/system.md': '# hi',
    });
    const { violations, cycles, edges } = analyzeLayers(root);
    expect(violations).toEqual([]);
    expect(cycles).toEqual([]);
    expect(edges.map((e) => `${e.from}→${e.to}`)).toContain('storage→messaging');
  });

  it('fails an upward import in every form: import type, export from, import() types, declare module', () => {
    const root = tree({
      'lib/agent/a.ts': 'export type A = 1;',
      'lib/storage/one.ts': "import type { A } from '../agent/a';\nexport type B = A;",
      'lib/storage/two.ts': "export * from '../agent/a';",
      'lib/util/three.ts': "export type C = import('../agent/a').A;",
      'lib/messaging/four.ts': "export {};\ndeclare module '../tools/t' { interface T { x: 1 } }",
      'lib/tools/t.ts': 'export interface T { y: 1 }',
    });
    const lines = analyzeLayers(root).violations.map(formatViolation);
    expect(lines).toEqual([
      'lib/messaging/four.ts: imports lib/tools/t.ts (messaging → tools)',
      'lib/storage/one.ts: imports lib/agent/a.ts (storage → agent)',
      'lib/storage/two.ts: imports lib/agent/a.ts (storage → agent)',
      'lib/util/three.ts: imports lib/agent/a.ts (util → agent)',
    ]);
  });

  it('fails a cycle between folders of the same rank, naming both imports, and counts it once', () => {
    const root = tree({
      'lib/storage/s.ts': "import { m } from '../messaging/m';\nexport const s = m;",
      'lib/messaging/m.ts': "import type { S } from '../storage/t';\nexport const m = 1 as unknown as S;",
      'lib/storage/t.ts': 'export type S = number;',
    });
    const { violations, cycles } = analyzeLayers(root);
    expect(cycles).toEqual([['messaging', 'storage']]);
    expect(violations.map((v) => v.kind)).toEqual(['cycle', 'cycle']);
  });

  it('keeps the team server out of the extension: nothing imports lib/team-server, which may import shared code', () => {
    const root = tree({
      'lib/team-server/start.ts': "import { chunkText } from '../retrieval/engine/chunk';\nexport const s = chunkText;",
      'lib/retrieval/engine/chunk.ts': 'export const chunkText = 1;',
      'entrypoints/background.ts': "import { s } from '../lib/team-server/start';",
      'components/x.ts': "import type { S } from '../lib/team-server/types';",
      'lib/team-server/types.ts': 'export type S = 1;',
      'lib/util/u.ts': "import { s } from '../team-server/start';",
    });
    expect(folderOf('lib/team-server/db/migrate.ts')).toBe('team-server');
    expect(analyzeLayers(root).violations.map(formatViolation)).toEqual([
      'components/x.ts: imports lib/team-server/types.ts (components → team-server)',
      'entrypoints/background.ts: imports lib/team-server/start.ts (entrypoints → team-server)',
      'lib/util/u.ts: imports lib/team-server/start.ts (util → team-server)',
    ]);
  });

  it('flags a lib/ folder the layout does not list', () => {
    const root = tree({ 'lib/ui/x.ts': "import { a } from '../agent/a';", 'lib/agent/a.ts': 'export const a = 1;' });
    expect(analyzeLayers(root).violations.map((v) => v.kind)).toEqual(['unlisted']);
  });
});

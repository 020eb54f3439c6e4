import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const dir = join(import.meta.dirname, '../../../lib/messaging');
const sources = readdirSync(dir)
  .filter((f) => f.endsWith('.ts'))
  .map((f) => ({ file: f, text: readFileSync(join(dir, f), 'utf8') }));
const imports = (text: string) => [...text.matchAll(/from '([^']+)'/g)].map((m) => m[1]!);

describe('lib/messaging', () => {
  it('imports nothing from another lib/ folder but lib/core and lib/util', () => {
    expect(sources.length).toBeGreaterThan(5);
    const upward = sources.flatMap(({ file, text }) =>
      imports(text)
        .filter((p) => p.startsWith('../') && !p.startsWith('../util/') && !p.startsWith('../core/'))
        .map((p) => `${file}: ${p}`),
    );
    expect(upward).toEqual([]);
  });

  it('pulls no zod, so a content script may send and serve with it', () => {
    // The lib/core files messaging imports count too: a content script bundles them with it.
    const coreFiles = sources.flatMap(({ text }) =>
      imports(text)
        .filter((p) => p.startsWith('../core/'))
        .map((p) => {
          const file = `${p.slice('../core/'.length)}.ts`;
          return { file: `core/${file}`, text: readFileSync(join(dir, '../core', file), 'utf8') };
        }),
    );
    expect(
      [...sources, ...coreFiles].flatMap(({ file, text }) =>
        imports(text)
          .filter((p) => p === 'zod' || p.startsWith('zod/'))
          .map(() => file),
      ),
    ).toEqual([]);
  });
});

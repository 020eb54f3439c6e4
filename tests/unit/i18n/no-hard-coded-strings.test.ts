import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findHardCodedStrings } from './find-hard-coded-strings';
import { findLibUiStrings } from './find-lib-ui-strings';

const tsFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? tsFiles(join(dir, e.name)) : /(?<!\.test)\.ts$/.test(e.name) ? [join(dir, e.name)] : [],
  );
const tsxFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? tsxFiles(join(dir, e.name)) : e.name.endsWith('.tsx') ? [join(dir, e.name)] : [],
  );

describe('no hard-coded UI strings', () => {
  it('finds the kinds of text a component can hard-code', () => {
    const source = `
      const statusText = { running: 'running…', failed: 'It failed' };
      export function X({ busy, n }) {
        return (
          <div aria-label="Chat history" title={busy ? 'Saving…' : t('panel_save')} class="tool-card running" data-x="a b">
            Hello there
            {busy ? 'Stop' : null}
            {\`\${n} pages\`}
            <Field label="Step limit" />
            <button aria-label={t('panel_send')}>⌘ ↵ · ✕ {'→'}</button>
            <span>Tabwise</span>
          </div>
        );
      }`;
    expect(findHardCodedStrings('x.tsx', source).map((f) => f.text)).toEqual([
      'running…',
      'It failed',
      'Chat history',
      'Saving…',
      'Hello there',
      'Stop',
      'pages',
      'Step limit',
    ]);
  });

  it('extension pages carry only the brand in their HTML title (the translated title is set at start)', () => {
    for (const page of ['entrypoints/sidepanel/index.html', 'entrypoints/options/index.html']) {
      expect(/<title>([^<]*)<\/title>/.exec(readFileSync(page, 'utf8'))?.[1], page).toBe('Tabwise');
    }
  });

  it('components take every word they show from t()', () => {
    const found = tsxFiles('components').flatMap((f) => findHardCodedStrings(f, readFileSync(f, 'utf8')));
    expect(found.map((f) => `${f.file}:${f.line}: ${f.text}`)).toEqual([]);
  });

  it("components' modules (.ts: formatters, card descriptions, the Markdown export) take every sentence from t()", () => {
    const found = tsFiles('components').flatMap((f) => findLibUiStrings(f, readFileSync(f, 'utf8'), true));
    expect(found.map((f) => `${f.file}:${f.line}: ${f.text}`)).toEqual([]);
  });
});

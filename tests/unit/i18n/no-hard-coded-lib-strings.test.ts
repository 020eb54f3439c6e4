import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findLibUiStrings } from './find-lib-ui-strings';

/** lib/ files whose every sentence reaches the user (previews, notices, hints, validation and error messages). */
export const USER_FACING_LIB_FILES = [
  'lib/agent/describe-trim.ts',
  'lib/agent/run-view.ts',
  'lib/background/compose-menu-draft.ts',
  'lib/background/create-undo-fill-handler.ts',
  'lib/background/data-transfer/parse-export-file.ts',
  'lib/background/model-resolver.ts',
  'lib/background/request-schemas.ts',
  'lib/background/rewrite-conversation.ts',
  'lib/core/provider-config.ts',
  'lib/providers/describe-builtin-model.ts',
  'lib/providers/describe-unreachable.ts',
  'lib/providers/provider-presets.ts',
  'lib/tools/format-approval-preview.ts',
  'lib/tools/mcp/mcp-server-record.ts',
  'lib/tools/mcp/validate-mcp-schema.ts',
  'lib/tools/page/format-act-preview.ts',
  'lib/tools/page/format-action-preview.ts',
  'lib/tools/page/format-fill-preview.ts',
  'lib/tools/preview-memory-save.ts',
  'lib/tools/web/preview-fetch.ts',
  'lib/tools/web/web-search-store.ts',
];

const libFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? libFiles(join(dir, e.name)) : /(?<!\.test)\.ts$/.test(e.name) ? [join(dir, e.name)] : [],
  );

describe('no hard-coded user-facing strings in lib/', () => {
  it('finds what the worker shows: a UserFacingError message, a preview, any sentence of a user-facing file', () => {
    const source = `
      import { t } from '../util/t';
      throw new UserFacingError('not_found', 'That run has already finished.');
      throw new UserFacingError('not_found', t('error_run_finished'));
      const tool = defineTool({ description: 'Reads the page.', preview: ({ url }) => \`Go to \${url}\`, execute: () => 'Done: the page is read.' });
      console.warn('title generation failed', e);
      const map = { 'Ask Tabwise': 1 };`;
    expect(findLibUiStrings('x.ts', source, false).map((f) => f.text)).toEqual([
      'That run has already finished.',
      'Go to',
    ]);
    expect(findLibUiStrings('x.ts', source, true).map((f) => f.text)).toEqual([
      'That run has already finished.',
      'Reads the page.',
      'Go to',
      'Done: the page is read.',
    ]);
  });

  it('lib/ takes the text it shows from t(); text only the model reads stays English', () => {
    const listed = new Set(USER_FACING_LIB_FILES);
    // A file moved or renamed must move here too, or its sentences would be checked by the weaker rule.
    expect(USER_FACING_LIB_FILES.filter((f) => !existsSync(f))).toEqual([]);
    const found = libFiles('lib').flatMap((f) => findLibUiStrings(f, readFileSync(f, 'utf8'), listed.has(f)));
    expect(found.map((f) => `${f.file}:${f.line}: ${f.text}`)).toEqual([]);
  });
});

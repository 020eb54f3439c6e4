/** data.export and data.import: Settings → Privacy & data's file of everything the user made (never keys). */
import { applyImport } from '../data-transfer/apply-import';
import { buildExport } from '../data-transfer/build-export';
import type { DataTransferDeps } from '../data-transfer/data-transfer-deps';
import { parseExportFile } from '../data-transfer/parse-export-file';
import type { HandlerSet } from './handler-set';

export function createDataTransferHandlers(deps: DataTransferDeps): HandlerSet<'data.export' | 'data.import'> {
  return {
    'data.export': () => buildExport(deps),
    'data.import': async ({ text }) => applyImport(deps, parseExportFile(text)),
  };
}

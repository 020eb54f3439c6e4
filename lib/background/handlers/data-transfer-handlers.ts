/** data.export and data.import: Settings → Privacy & data's file of everything the user made (never keys). */
import { applyImport } from '../data-transfer/apply-import';
import type { DataTransferDeps } from '../data-transfer/data-transfer-deps';
import type { HandlerSet } from './handler-set';

// The export file's schema (a few hundred zod nodes, about 10 ms to build) loads with the first export or import,
// not each time the worker starts.
export function createDataTransferHandlers(deps: DataTransferDeps): HandlerSet<'data.export' | 'data.import'> {
  return {
    'data.export': async () => (await import('../data-transfer/build-export')).buildExport(deps),
    'data.import': async ({ text }) =>
      applyImport(deps, (await import('../data-transfer/parse-export-file')).parseExportFile(text)),
  };
}

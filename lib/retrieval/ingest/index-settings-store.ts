/** The stored IndexSettings, merged over the defaults (so a new setting appears with its default). */
import {
  DEFAULT_INDEX_SETTINGS,
  indexSettingsPatchSchema,
  indexSettingsSchema,
  type IndexSettings,
  type IndexSettingsPatch,
} from '../index-settings';
import type { IngestDatabase } from './ingest-db';

export interface IndexSettingsStore {
  get(): Promise<IndexSettings>;
  update(patch: IndexSettingsPatch): Promise<IndexSettings>;
}

/** Creates the store; every update is validated as a whole before it is written. */
export function createIndexSettingsStore(db: IngestDatabase): IndexSettingsStore {
  const merge = (stored: Partial<IndexSettings> | undefined): IndexSettings => ({
    ...DEFAULT_INDEX_SETTINGS,
    ...stored,
    model: { ...DEFAULT_INDEX_SETTINGS.model, ...stored?.model },
  });
  return {
    async get() {
      return merge(await db.get('settings', 'settings'));
    },
    async update(patch) {
      const checked = indexSettingsPatchSchema.parse(patch);
      const tx = db.transaction('settings', 'readwrite');
      const next = indexSettingsSchema.parse({ ...merge(await tx.store.get('settings')), ...checked });
      await tx.store.put(next, 'settings');
      await tx.done;
      return next;
    },
  };
}

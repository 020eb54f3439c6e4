/**
 * Settings → Documents' "Remember my documents": the switch (an index setting), the last indexing's report,
 * and the user's actions (index now, stop, take the documents out). The work runs in the worker; this page
 * only asks and shows, so closing it stops nothing and a long folder never blocks the panel.
 */
import { signal } from '@preact/signals';
import { sendToBackground } from '../../lib/background/send-to-background';
import type { FolderIndexReport } from '../../lib/storage/folder-store';

export function createFolderIndexState() {
  /** Remembering ("Remember what I read") is on: the documents switch needs it. */
  const remembering = signal(false);
  const on = signal(false);
  const report = signal<FolderIndexReport | null>(null);
  const indexing = signal(false);

  async function load() {
    const s = await sendToBackground('index.settings.get', {});
    remembering.value = s.enabled;
    on.value = s.indexDocuments;
    report.value = await sendToBackground('folder.report', {});
  }

  async function index() {
    indexing.value = true;
    try {
      report.value = await sendToBackground('folder.index', {});
    } finally {
      indexing.value = false;
    }
  }

  return {
    remembering,
    on,
    report,
    indexing,
    load,
    index,
    stop: () => sendToBackground('folder.stopIndex', {}),
    /** Turns the switch: on indexes the folder now, off takes its documents out of the index. */
    async setOn(value: boolean) {
      const s = await sendToBackground('index.settings.update', { indexDocuments: value });
      on.value = s.indexDocuments;
      if (value) await index();
      else {
        await sendToBackground('folder.forget', { keepFolder: true });
        report.value = null;
      }
    },
    /** After another folder was picked: the last one's documents are gone, this one's go in (when the switch is on). */
    async folderChanged() {
      report.value = null;
      if (on.value && remembering.value) await index();
    },
  };
}

export type FolderIndexState = ReturnType<typeof createFolderIndexState>;

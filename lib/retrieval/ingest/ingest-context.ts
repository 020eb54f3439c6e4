/** What the indexing orchestrator's parts share (ingest-service.ts wires them): its deps, its stores, and the drain. */
import type { OffscreenClient } from './offscreen-client';
import type { IndexSettingsStore } from './index-settings-store';
import type { IngestQueue } from './ingest-queue';
import type { SeenPages } from './seen-pages';
import type { ForcedPrivacy } from '../privacy-policy';

export interface IngestServiceDeps {
  client: OffscreenClient;
  now?: () => number;
  /** Shows that captures are being refused (the toolbar badge in the extension). */
  signalFull?(full: boolean): void;
  /** Schedules / cancels the wake-up alarm. */
  alarms?: { create(name: string, info: { delayInMinutes: number }): unknown; clear(name: string): unknown };
  /**
   * Reads the PDF a tab shows (fetched again with the user's cookies for its site, as the tab had them, and
   * read by the document reader): its title and its text with `--- Page N ---` markers. Without it, a PDF's
   * capture is refused.
   */
  readPdfAt?(url: string): Promise<{ title: string; text: string }>;
  /**
   * What an organisation's policy forces on remembering, read at every use of the settings (so a change applies
   * to the next capture): forced off turns `enabled` off, and the forced lists ride along for the privacy policy.
   */
  forcedPrivacy?(): Promise<ForcedPrivacy | undefined>;
}

/** The stores in the ingest database, ready once it is open. */
export interface IngestParts {
  settings: IndexSettingsStore;
  queue: IngestQueue;
  seen: SeenPages;
}

export interface IngestContext {
  readonly deps: IngestServiceDeps;
  readonly now: () => number;
  /** The stores; the database opens once, when the service is created. */
  parts(): Promise<IngestParts>;
  /** Starts draining the queue unless a drain is under way (then joins it). */
  drain(): Promise<void>;
}

/**
 * "Remember what I read", as the background composes it: the ingestion service over the offscreen engine,
 * what the search_history tool searches with, the grounding hook, the options page's protocol handlers,
 * and the alarm that finishes a queue a killed worker left behind. Call once, synchronously, in the
 * worker's first turn. The tool itself is defined in lib/tools (above retrieval), from `search`.
 */
import type { BackgroundHandlers as Handlers } from './protocol';
import type { GroundingPassage, HistoryPassage } from '../retrieval/history-passage';
import type { HistoryQuery } from '../retrieval/history-query';
import type { IndexSettingsPatch } from '../retrieval/index-settings';
import type { RememberSettings } from './data-transfer/data-transfer-deps';
import {
  createIngestService,
  INGEST_ALARM,
  RETENTION_ALARM,
  type IngestService,
} from '../retrieval/ingest/ingest-service';
import { createOffscreenClient } from '../retrieval/ingest/offscreen-client';
import { captureProtocol } from '../retrieval/capture-message';
import { captureValidators } from '../retrieval/ingest/capture-schemas';
import { selfOf } from '../messaging/sender-is';
import { serve } from '../messaging/serve';
import { createCaptureScriptSync } from './sync-capture-script';
import { t } from '../util/t';
import { createDocumentReader } from './create-document-reader';
import { openDocumentTransfers } from '../storage/document-blobs';
import { createPdfTabReader } from './read-pdf-tab';
import type { KeptDocumentIndex } from './keep-attachment';
import type { PolicyFeature } from './create-policy-feature';
import { UserFacingError } from '../messaging/user-facing-error';
import { afterWake } from './after-wake';

// The worker's own fetch, unbound it throws "Illegal invocation".
const fetchFromWorker: typeof fetch = (input, init) => fetch(input, init);

/** Grounding as a run's settings carry it: the passages and how strictly the answer must keep to them. */
export interface HistoryGrounding {
  mode: 'prefer' | 'only';
  passages: GroundingPassage[];
}

/** The pieces startBackground takes. */
export interface HistoryFeature {
  /** The search_history tool's way in: search, and whether remembering was ever turned on. */
  search: { search(request: HistoryQuery): Promise<HistoryPassage[]>; isEnabled(): Promise<boolean> };
  extraHandlers: Handlers;
  /** Adds the retrieved passages to a run's settings when grounding is on; any settings shape with `grounding`. */
  augmentRunSettings<S extends object>(settings: S, text: string): Promise<S | (S & { grounding: HistoryGrounding })>;
  service: IngestService;
  /** The settings, for export and import; an update keeps the capture script's registration in step. */
  rememberSettings: RememberSettings;
  /** Sent files the user keeps in the index (keep-attachment.ts). */
  keptDocuments: KeptDocumentIndex;
}

/** Passages injected per message when grounding is on. */
const GROUNDING_TOP_K = 5;
const GROUNDING_MIN_SCORE = 0.2;

/** Wires the feature to chrome.* (alarms, action badge, offscreen); `policy` narrows what may be remembered. */
export function createHistoryFeature(policy?: Pick<PolicyFeature, 'forcedPrivacy' | 'onChange'>): HistoryFeature {
  const client = createOffscreenClient();
  let shownFull: boolean | undefined;
  const service = createIngestService({
    client,
    ...(policy ? { forcedPrivacy: policy.forcedPrivacy } : {}),
    readPdfAt: createPdfTabReader(fetchFromWorker, createDocumentReader(client, openDocumentTransfers())),
    alarms: chrome.alarms,
    signalFull(full) {
      // Said when it changes (every admitted page says "not full"): each call is a round trip to the browser.
      if (full === shownFull) return;
      shownFull = full;
      // Refusals must be visible even with the settings page closed.
      void chrome.action.setBadgeText({ text: full ? '!' : '' });
      void chrome.action.setTitle({ title: t(full ? 'bg_action_queue_full' : 'ext_action_title') });
    },
  });
  const applyRetention = () =>
    void service
      .applyRetention()
      .catch((e: unknown) => console.error('Tabwise: applying the history retention failed', e));
  chrome.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name === INGEST_ALARM) void service.drain();
    if (alarm.name === RETENTION_ALARM) applyRetention();
  });
  // Retention holds even on days nothing is captured: once a day, and when the browser starts.
  afterWake(() =>
    chrome.alarms.get(RETENTION_ALARM).then(async (alarm) => {
      if (!alarm) await chrome.alarms.create(RETENTION_ALARM, { periodInMinutes: 24 * 60, delayInMinutes: 1 });
    }),
  );
  chrome.runtime.onStartup.addListener(applyRetention);
  // Whatever woke the worker, finish what a previous one left in the queue (once a waiting message is served).
  afterWake(() => service.drain());

  // The capture script runs only while remembering is on: the registration follows the stored setting.
  const syncCaptureScript = createCaptureScriptSync();
  afterWake(() =>
    service
      .settings()
      .then((s) => syncCaptureScript(s.enabled))
      .catch((e: unknown) => console.error('Tabwise: could not update the capture script registration', e)),
  );

  // The capture script's messages: untrusted input from pages, validated and answered by the kit.
  serve(
    captureProtocol,
    {
      validators: captureValidators,
      handlers: {
        ...service.captureHandlers,
        async reader(_input, { sender }) {
          // The capture script does not bundle the page reader: it is loaded into the asking frame when a page qualifies.
          if (!(await service.settings()).enabled || sender.tab?.id === undefined)
            throw new Error('Remembering is off.');
          await chrome.scripting.executeScript({
            target: { tabId: sender.tab.id, frameIds: [sender.frameId ?? 0] },
            files: ['/page-reader.js'],
          });
        },
      },
      from: 'content-script',
      self: selfOf(chrome.runtime),
    },
    chrome.runtime.onMessage,
  );

  /** Settings' updates and an import's go through here, so the capture script always follows. */
  const rememberSettings = {
    get: () => service.settings(),
    async update(patch: IndexSettingsPatch) {
      const next = await service.updateSettings(patch);
      // Registered before the answer, so a page opened right after turning it on is captured.
      await syncCaptureScript(next.enabled);
      return next;
    },
  };

  // A policy that turns remembering off applies at once: the queue is dropped and the capture script unregistered
  // (and registered again when it allows it, if the user's switch is on). Only when its remembering rules moved.
  let lastForced: string | undefined;
  const applyPolicy = async () => {
    const forced = JSON.stringify((await policy?.forcedPrivacy()) ?? null);
    if (forced === lastForced) return;
    lastForced = forced;
    await service.updateSettings({});
    // Read when its turn comes: a user's change queued meanwhile is not undone by an older reading.
    await syncCaptureScript(async () => (await service.settings()).enabled);
  };
  policy?.onChange(
    () =>
      void applyPolicy().catch((e: unknown) => console.error('Tabwise: applying the policy to remembering failed', e)),
  );

  const extraHandlers: Handlers = {
    'index.settings.get': () => rememberSettings.get(),
    'index.settings.update': async (patch) => {
      // Managed values cannot be changed in Settings: turning remembering on is refused while the policy forces it
      // off. (An import still stores the user's own choice: it applies once the policy allows it.)
      if (patch.enabled && (await policy?.forcedPrivacy())?.off)
        throw new UserFacingError('not_allowed', t('policy_remembering_off'));
      return rememberSettings.update(patch);
    },
    'index.stats': () => service.stats(),
    'index.retry': () => service.retry(),
    'index.pages': ({ query, limit }) => service.pages(query, limit),
    'index.delete': (target) => service.remove(target),
    'index.search': (request) => service.search(request),
  };

  return {
    service,
    rememberSettings,
    keptDocuments: {
      remember: (doc) => service.rememberAttachment(doc),
      async forget(urls) {
        for (const url of urls) await service.remove({ kind: 'page', url });
      },
    },
    search: { search: (r) => service.search(r), isEnabled: async () => (await service.settings()).enabled },
    extraHandlers,
    async augmentRunSettings(settings, text) {
      const s = await service.settings();
      if (!s.enabled || s.grounding === 'off' || !text.trim()) return settings;
      try {
        const passages = await service.search({
          query: text.slice(0, 2000),
          topK: GROUNDING_TOP_K,
          minScore: GROUNDING_MIN_SCORE,
        });
        return {
          ...settings,
          grounding: {
            mode: s.grounding,
            passages: passages.map(({ title, url, fragmentUrl, visitedAt, text: t }) => ({
              title,
              url,
              fragmentUrl,
              visitedAt,
              text: t,
            })),
          },
        };
      } catch (error) {
        // The message still goes out ungrounded; the prompt says nothing was retrieved rather than failing the send.
        console.warn('Tabwise: grounding retrieval failed', error);
        return { ...settings, grounding: { mode: s.grounding, passages: [] } };
      }
    },
  };
}

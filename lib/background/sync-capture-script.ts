/**
 * The capture script is registered only while "Remember what I read" is on, so no Tabwise script runs in
 * the pages a user opens otherwise. Registered scripts persist across sessions; the registration is
 * checked against the stored setting whenever the worker starts and whenever the setting changes.
 */

/** The id of the registration, and the built script (WXT's runtime-registered content script `capture`). */
export const CAPTURE_SCRIPT = { id: 'tabwise-capture', file: 'content-scripts/capture.js' } as const;

/** The part of chrome.scripting used here (tests pass a fake). */
export interface ScriptRegistry {
  getRegisteredContentScripts(filter?: { ids?: string[] }): Promise<{ id: string }[]>;
  registerContentScripts(scripts: chrome.scripting.RegisteredContentScript[]): Promise<void>;
  unregisterContentScripts(filter?: { ids?: string[] }): Promise<void>;
}

/**
 * Makes the registration follow `remembering`; resolves once it does. Concurrent calls run in order. A function
 * is asked when its turn comes, so a call queued behind others applies the state as it is then, not as it was.
 */
export function createCaptureScriptSync(
  registry: ScriptRegistry = chrome.scripting,
): (remembering: boolean | (() => Promise<boolean>)) => Promise<void> {
  let last: Promise<void> = Promise.resolve();
  const apply = async (remembering: boolean) => {
    const registered = (await registry.getRegisteredContentScripts({ ids: [CAPTURE_SCRIPT.id] })).length > 0;
    if (remembering && !registered) {
      await registry.registerContentScripts([
        // Top frames only: capture reads the page a person is looking at, never its embedded frames.
        {
          id: CAPTURE_SCRIPT.id,
          js: [CAPTURE_SCRIPT.file],
          matches: ['<all_urls>'],
          allFrames: false,
          runAt: 'document_idle',
          persistAcrossSessions: true,
        },
      ]);
    } else if (!remembering && registered) {
      await registry.unregisterContentScripts({ ids: [CAPTURE_SCRIPT.id] });
    }
  };
  return (remembering) => {
    // The previous call's failure was its own caller's to handle; this call starts afresh.
    last = last
      .catch(() => undefined)
      .then(async () => apply(typeof remembering === 'function' ? await remembering() : remembering));
    return last;
  };
}

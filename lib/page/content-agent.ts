import { selfOf } from '../messaging/sender-is';
import { serve } from '../messaging/serve';
import { pageCallValidators } from './page-call-validators';
import { pageProtocol } from './page-command';
import { createPageAgent } from './page-agent';
import { loadedPageReader } from './page-reader';
import { loadedActPart } from './act-part';
import { createScriptToolsClient } from './script-tools-client';
import type { ScriptTools } from './page-tools-offered';
import { askBackground } from './ask-background';

/** The agent serving in this frame's isolated world. */
interface RunningAgent {
  /** Whether the extension instance that started it is still loaded (an update orphans the old copy). */
  live(): boolean;
  stop(): void;
}

declare global {
  // Scripts of one extension share the frame's isolated world: a `var` is what a later injection sees.
  var tabwisePageAgent: RunningAgent | undefined;
}

/**
 * Starts this frame's page agent (the background injects it into the frames a run acts on): answers page
 * commands from the extension's own background, and from nothing else. Each document gets its own id, so
 * the background can tell when the page navigated. A second injection into the same frame keeps the first
 * agent, with its snapshots and undo records.
 */
export function startPageAgent(): void {
  const running = globalThis.tabwisePageAgent;
  if (running?.live()) return;
  // An orphaned copy (the extension was updated or reloaded) must stop answering before this one starts.
  running?.stop();
  let siteTools: ScriptTools | undefined;
  const agent = createPageAgent({
    doc: document,
    docId: newDocumentId(),
    reader: loadedPageReader,
    actPart: loadedActPart,
    // Made on first use, and only for commands the background marks (the user turned site tools on).
    scriptTools: () => (siteTools ??= createScriptToolsClient(window)),
    askUser: askBackground,
  });
  // Only the background (no tab, no document, our id) may command the page; other frames and pages cannot.
  const stop = serve(
    pageProtocol,
    { validators: pageCallValidators, handlers: agent.handlers, from: 'background', self: selfOf(chrome.runtime) },
    chrome.runtime.onMessage,
  );
  globalThis.tabwisePageAgent = { live: isLive, stop: () => stopQuietly(stop) };
}

/** An orphaned copy's `chrome.runtime` has no id any more (reading it may throw). */
function isLive(): boolean {
  try {
    return !!chrome.runtime?.id;
  } catch (error) {
    console.debug("Tabwise: the page agent's extension context is gone", error);
    return false;
  }
}

function stopQuietly(stop: () => void): void {
  try {
    stop();
  } catch (error) {
    console.debug('Tabwise: an orphaned page agent could not unsubscribe', error);
  }
}

/** crypto.randomUUID exists only in secure contexts, and plain-http pages need an id too. */
function newDocumentId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Small typed settings in IndexedDB (not chrome.storage.local, which content scripts can read). */
import type { Db } from './db';
import type { ConversationModel } from './records';

export interface Settings {
  /** The provider whose model answers new messages. */
  defaultProviderId?: string;
  /** Model calls allowed per run (default 10, at most 50). */
  maxSteps?: number;
  /** Added to every system prompt. */
  customInstructions?: string;
  /** Extended thinking (Anthropic) or reasoning effort (OpenAI reasoning models); off by default. */
  reasoning?: 'off' | 'low' | 'medium' | 'high';
  /** Tool calls one model step may make; more ends the run before any runs (default 10). */
  maxToolCallsPerStep?: number;
  /** Sub-agents a run may have running at once (default 2). */
  maxConcurrentSubAgents?: number;
  /** Input plus output tokens one run may use (default 200,000). */
  maxRunTokens?: number;
  /** Skills the user wrote in settings (bundled ones live in prompts/skills/). */
  /** How long a provider may send nothing mid-answer before the panel says it stalled (default 20 s). */
  stallTimeoutMs?: number;
  userSkills?: { name: string; description: string; body: string }[];
  /**
   * Models to move to, in order, when the one answering fails with a rate limit, a server error, a timeout or
   * an unreachable server (lib/agent/model-fallback.ts); a conversation may have its own list.
   */
  fallbackModels?: ConversationModel[];
  /**
   * "Read only" in Settings → Permissions: runs may read (pages, snapshots, search, fetch) but no tool that can
   * change anything runs (lib/agent/site-access.ts). Off by default.
   */
  readOnly?: boolean;
  /**
   * "Use the tools sites offer" (Settings → Tools, off by default): a small main-world relay registered at
   * document start lets pages that register tools in script (navigator.modelContext) offer them to runs.
   */
  useSiteTools?: boolean;
}

export interface SettingsStore {
  get(): Promise<Settings>;
  update(patch: Partial<Settings>): Promise<Settings>;
}

const KEY = 'settings';

/**
 * The worker is the only writer (every change comes through `update` here), so the settings it has read stay
 * true until it writes them: a message's request does not wait on IndexedDB for them. Each caller gets its own copy.
 */
export function createSettingsStore(db: Db): SettingsStore {
  let cached: Promise<Settings> | undefined;
  const read = () =>
    (cached ??= db.get('settings', KEY).then(
      (stored) => (stored as Settings | undefined) ?? {},
      (error: unknown) => {
        cached = undefined;
        throw error;
      },
    ));
  return {
    async get() {
      return structuredClone(await read());
    },
    async update(patch) {
      try {
        const tx = db.transaction('settings', 'readwrite');
        const next = { ...(((await tx.store.get(KEY)) as Settings | undefined) ?? {}), ...patch };
        await tx.store.put(next, KEY);
        await tx.done;
        cached = Promise.resolve(next);
        return structuredClone(next);
      } catch (error) {
        cached = undefined;
        throw error;
      }
    },
  };
}

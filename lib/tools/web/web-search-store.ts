/**
 * The user's web search backend, in the settings object store under its own key. The Brave or Tavily key is
 * encrypted at rest like provider keys and leaves this module only through `target()`, in the background.
 * Its errors are shown as they are in Settings → Web search, so they are in the user's language.
 */
import type { Db } from '../../storage/db';
import type { EncryptedSecret } from '../../storage/records';
import { decryptSecret, encryptSecret } from '../../storage/secrets';
import { t } from '../../util/t';
import { DEFAULT_API_BASES, type WebSearchBackend, type WebSearchTarget } from './web-search-backends';

const KEY = 'webSearch';

interface StoredWebSearch {
  backend: WebSearchBackend;
  /** SearXNG: the instance. Brave/Tavily: an API base other than the official one (a proxy), if set. */
  url?: string;
  apiKey?: EncryptedSecret;
}

/** What the settings page sees: never the key, only whether there is one. */
export interface WebSearchView {
  backend: WebSearchBackend | 'none';
  url?: string;
  hasKey: boolean;
}

/** A change from the settings page; an empty `apiKey` keeps the saved one. */
export interface WebSearchInput {
  backend: WebSearchBackend | 'none';
  url?: string;
  apiKey?: string;
}

export interface WebSearchStore {
  view(): Promise<WebSearchView>;
  save(input: WebSearchInput): Promise<WebSearchView>;
  /** The backend to search with, key decrypted; undefined when none is set up (or a key is missing). */
  target(): Promise<WebSearchTarget | undefined>;
}

export function createWebSearchStore(db: Db): WebSearchStore {
  const read = async () => (await db.get('settings', KEY)) as StoredWebSearch | undefined;
  const viewOf = (s: StoredWebSearch | undefined): WebSearchView =>
    s ? { backend: s.backend, ...(s.url ? { url: s.url } : {}), hasKey: !!s.apiKey } : { backend: 'none', hasKey: false };
  return {
    view: async () => viewOf(await read()),
    async save(input) {
      if (input.backend === 'none') {
        await db.delete('settings', KEY);
        return viewOf(undefined);
      }
      const previous = await read();
      const url = input.url?.trim() || undefined;
      if (input.backend === 'searxng' && !url) throw new Error(t('tool_web_search_needs_address'));
      // A key belongs to its service: switching from Brave to Tavily does not carry the Brave key over.
      const keptKey = previous?.backend === input.backend ? previous.apiKey : undefined;
      const apiKey = input.backend === 'searxng' ? undefined : input.apiKey?.trim() ? await encryptSecret(db, input.apiKey.trim()) : keptKey;
      if (input.backend !== 'searxng' && !apiKey) throw new Error(t('tool_web_search_needs_key'));
      const next: StoredWebSearch = { backend: input.backend, ...(url ? { url } : {}), ...(apiKey ? { apiKey } : {}) };
      await db.put('settings', next, KEY);
      return viewOf(next);
    },
    async target() {
      const s = await read();
      if (!s) return undefined;
      if (s.backend === 'searxng') return s.url ? { backend: 'searxng', baseUrl: s.url } : undefined;
      if (!s.apiKey) return undefined;
      return { backend: s.backend, baseUrl: s.url ?? DEFAULT_API_BASES[s.backend], apiKey: await decryptSecret(db, s.apiKey) };
    },
  };
}

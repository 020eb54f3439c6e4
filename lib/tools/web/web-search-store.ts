/**
 * The user's web search backend, in the settings object store under its own key. The Brave or Tavily key is
 * encrypted at rest like provider keys and leaves this module only through `target()` and `draftTarget()`, in
 * the background. Its errors are shown as they are in Settings → Web search, so they are in the user's language.
 */
import type { Db } from '../../storage/db';
import type { EncryptedSecret } from '../../core/encrypted-secret';
import { decryptSecret, encryptSecret } from '../../storage/secrets';
import { t } from '../../util/t';
import { originOf } from '../origin-of';
import { UserFacingError } from '../../messaging/user-facing-error';
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
  /**
   * What `target()` would give once `input` were saved, without saving it ("Test connection" on the form's
   * values): the typed key, else the saved one on the same terms as `save`. Throws what `save` would (a UserFacingError).
   */
  draftTarget(input: WebSearchInput & { backend: WebSearchBackend }): Promise<WebSearchTarget>;
}

/** Where a Brave or Tavily key is sent: the origin of the API address, the official one when none is set. */
const apiOrigin = (backend: 'brave' | 'tavily', url: string | undefined) => originOf(url ?? DEFAULT_API_BASES[backend]);

/** The backend `input` sets up: its address, and its key (the typed one, else the one saved for that service). */
function resolveInput(input: WebSearchInput & { backend: WebSearchBackend }, previous: StoredWebSearch | undefined) {
  const url = input.url?.trim() || undefined;
  if (input.backend === 'searxng') {
    if (!url) throw new UserFacingError('invalid', t('tool_web_search_needs_address'));
    return { backend: input.backend, url };
  }
  const typedKey = input.apiKey?.trim() || undefined;
  // A key belongs to its service: switching from Brave to Tavily does not carry the Brave key over.
  const sameService = previous?.backend === input.backend;
  // Nor does it follow the API address to another host (as with provider keys and MCP tokens).
  const moved = sameService && apiOrigin(input.backend, previous.url) !== apiOrigin(input.backend, url);
  if (!typedKey && moved && previous.apiKey)
    throw new UserFacingError('invalid', t('tool_web_search_key_host_changed'));
  const savedKey = sameService ? previous.apiKey : undefined;
  if (!typedKey && !savedKey) throw new UserFacingError('invalid', t('tool_web_search_needs_key'));
  return { backend: input.backend, url, typedKey, savedKey };
}

export function createWebSearchStore(db: Db): WebSearchStore {
  const read = async () => (await db.get('settings', KEY)) as StoredWebSearch | undefined;
  const viewOf = (s: StoredWebSearch | undefined): WebSearchView =>
    s
      ? { backend: s.backend, ...(s.url ? { url: s.url } : {}), hasKey: !!s.apiKey }
      : { backend: 'none', hasKey: false };
  /** The search target of a stored or resolved backend, given its plain key. */
  const targetOf = (backend: WebSearchBackend, url: string | undefined, apiKey: string | undefined): WebSearchTarget =>
    backend === 'searxng'
      ? { backend, baseUrl: url ?? '' }
      : { backend, baseUrl: url ?? DEFAULT_API_BASES[backend], apiKey };
  return {
    view: async () => viewOf(await read()),
    async save(input) {
      if (input.backend === 'none') {
        await db.delete('settings', KEY);
        return viewOf(undefined);
      }
      const { backend, url, typedKey, savedKey } = resolveInput({ ...input, backend: input.backend }, await read());
      const apiKey = typedKey ? await encryptSecret(db, typedKey) : savedKey;
      const next: StoredWebSearch = { backend, ...(url ? { url } : {}), ...(apiKey ? { apiKey } : {}) };
      await db.put('settings', next, KEY);
      return viewOf(next);
    },
    async target() {
      const s = await read();
      if (!s) return undefined;
      if (s.backend === 'searxng') return s.url ? targetOf(s.backend, s.url, undefined) : undefined;
      if (!s.apiKey) return undefined;
      return targetOf(s.backend, s.url, await decryptSecret(db, s.apiKey));
    },
    async draftTarget(input) {
      const { backend, url, typedKey, savedKey } = resolveInput(input, await read());
      return targetOf(backend, url, typedKey ?? (savedKey ? await decryptSecret(db, savedKey) : undefined));
    },
  };
}

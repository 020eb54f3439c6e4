/**
 * Local model servers without flags. Ollama (and servers like it) refuse requests whose `Origin` is an
 * extension's unless started with OLLAMA_ORIGINS; the worker's fetch always sends one. A declarativeNetRequest
 * session rule per loopback base URL removes that header, only for requests this extension makes, only to
 * that base URL. Rules follow the saved providers (on start, save and delete) and the URL a connection test
 * is about to reach; session rules vanish with the browser session and are rebuilt on the next start.
 */
import { isLoopbackHost } from '../core/provider-config';

/** The part of a declarativeNetRequest rule this module writes (string values of Chrome's enums). */
export interface LocalOriginRule {
  id: number;
  priority: number;
  action: { type: 'modifyHeaders'; requestHeaders: { header: string; operation: 'remove' }[] };
  condition: { urlFilter: string; initiatorDomains: string[]; resourceTypes: ('xmlhttprequest' | 'other')[] };
}

/** The session-rule calls of `chrome.declarativeNetRequest` this module uses. */
export interface SessionRulesApi {
  getSessionRules(): Promise<{ id: number }[]>;
  updateSessionRules(options: { removeRuleIds?: number[]; addRules?: LocalOriginRule[] }): Promise<void>;
}

/** Session rule ids this module owns: FIRST_RULE_ID up to FIRST_RULE_ID + MAX_RULES - 1. */
export const FIRST_RULE_ID = 12_000;
export const MAX_RULES = 100;

/** The prefix a rule matches for a base URL, or undefined when it is not a loopback http(s) URL. */
export function localPrefix(baseUrl: string): string | undefined {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch (error) {
    void error; // not a URL: nothing to let through
    return undefined;
  }
  if (!/^https?:$/.test(url.protocol) || !isLoopbackHost(url.hostname)) return undefined;
  // `*`, `^` and `|` are urlFilter syntax: a URL carrying them is not matched literally, so it gets no rule.
  const prefix = `${url.origin}${url.pathname.replace(/\/+$/, '')}/`;
  return /[*^|]/.test(prefix) ? undefined : prefix;
}

/** The rules for these base URLs: one per distinct loopback prefix. Pure. */
export function localOriginRules(baseUrls: string[], extensionId: string): LocalOriginRule[] {
  const prefixes = [...new Set(baseUrls.map(localPrefix).filter((p): p is string => p !== undefined))].slice(
    0,
    MAX_RULES,
  );
  return prefixes.map((prefix, i) => ({
    id: FIRST_RULE_ID + i,
    priority: 1,
    action: { type: 'modifyHeaders', requestHeaders: [{ header: 'origin', operation: 'remove' }] },
    condition: { urlFilter: `|${prefix}`, initiatorDomains: [extensionId], resourceTypes: ['xmlhttprequest', 'other'] },
  }));
}

export interface LocalOriginRulesDeps {
  rules: SessionRulesApi;
  extensionId: string;
  /** The saved providers' base URLs. */
  baseUrls: () => Promise<string[]>;
}

export interface LocalOriginRulesSync {
  /**
   * Replaces this module's rules with those for the saved providers plus `extra` (a draft being tested).
   * Never rejects: a failure is logged, and the request it was for then fails with the server's own 403.
   */
  sync(extra?: string[]): Promise<void>;
}

export function createLocalOriginRules(deps: LocalOriginRulesDeps): LocalOriginRulesSync {
  // One sync at a time: two overlapping ones would both add the same rule ids and the second would fail.
  let last: Promise<void> = Promise.resolve();
  async function run(extra: string[]) {
    const wanted = localOriginRules([...(await deps.baseUrls()), ...extra], deps.extensionId);
    const ours = (await deps.rules.getSessionRules())
      .map((r) => r.id)
      .filter((id) => id >= FIRST_RULE_ID && id < FIRST_RULE_ID + MAX_RULES);
    await deps.rules.updateSessionRules({ removeRuleIds: ours, addRules: wanted });
  }
  return {
    sync(extra = []) {
      last = last
        .then(() => run(extra))
        .catch((error: unknown) => console.error('local origin rules: sync failed', error));
      return last;
    },
  };
}

import type { RunOriginRule } from '../../../../lib/tools/tabs/run-origin-rules';

/** A storage area in memory. */
export const area = () => {
  const m = new Map<string, unknown>();
  return {
    get: async (k: string) => (m.has(k) ? { [k]: m.get(k) } : {}),
    set: async (o: Record<string, unknown>) => {
      for (const [k, v] of Object.entries(o)) m.set(k, v);
    },
  };
};

/** declarativeNetRequest's session rules in memory, with a matcher that applies them as Chrome does (highest priority wins). */
export function fakeRules(initial: { id: number }[] = []) {
  let rules: Array<{ id: number } & Partial<RunOriginRule>> = [...initial];
  let failNext = false;
  const api = {
    getSessionRules: async () => rules.map((r) => ({ ...r })),
    async updateSessionRules({
      removeRuleIds = [],
      addRules = [],
    }: {
      removeRuleIds?: number[];
      addRules?: RunOriginRule[];
    }) {
      if (failNext) {
        failNext = false;
        throw new Error('quota exceeded');
      }
      const kept = rules.filter((r) => !removeRuleIds.includes(r.id));
      for (const r of addRules) if (kept.some((k) => k.id === r.id)) throw new Error(`duplicate rule id ${r.id}`);
      rules = [...kept, ...addRules];
    },
  };
  /** Whether a document request of `type` to `url` in `tabId` would go out. */
  const allows = (tabId: number, url: string, type: 'main_frame' | 'sub_frame' | 'xmlhttprequest' = 'main_frame') => {
    const matching = rules.filter((r): r is RunOriginRule => {
      if (!r.condition || !r.action) return false;
      if (!r.condition.tabIds.includes(tabId) || !r.condition.resourceTypes.includes(type as 'main_frame'))
        return false;
      const f = r.condition.urlFilter;
      return f === undefined || (f.startsWith('|') && url.toLowerCase().startsWith(f.slice(1)));
    });
    if (matching.length === 0) return true;
    const top = Math.max(...matching.map((r) => r.priority));
    return matching.filter((r) => r.priority === top).every((r) => r.action.type === 'allow');
  };
  return {
    api,
    allows,
    get rules() {
      return rules;
    },
    failNext: () => {
      failNext = true;
    },
  };
}

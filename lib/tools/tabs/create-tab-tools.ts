/**
 * lib/tools/tabs: navigation and tabs for a run (navigate, go_back, open_tab, switch_tab, close_tab,
 * wait_for), and the page tools pointed at the run's current tab. Which tabs and origins a run may use is
 * decided in run-tab-access.ts; everything Chrome does goes through an injected TabBrowser.
 */
import type { Tool } from '../define-tool';
import { createNavigateTools } from './navigate-tools';
import type { RunOriginGuard } from './run-origin-rules';
import { createRunTabAccess, type ReadRunFacts } from './run-tab-access';
import type { RunTabsStore } from './run-tabs-store';
import { createSwitchTabTools } from './switch-tab-tools';
import type { TabBrowser } from './tab-browser';
import { createWaitForTool } from './wait-for-tool';
import { withRunTab } from './with-run-tab';

/** The refs a get_page_state answer lists (already checked against its schema by the router; read defensively). */
function listedRefs(state: unknown): Array<{ ref: string; disabled?: boolean }> {
  const elements =
    state && typeof state === 'object' && 'elements' in state && Array.isArray(state.elements)
      ? (state.elements as unknown[])
      : [];
  return elements.flatMap((e) =>
    e && typeof e === 'object' && 'ref' in e && typeof e.ref === 'string'
      ? [{ ref: e.ref, ...('disabled' in e && e.disabled === true ? { disabled: true } : {}) }]
      : [],
  );
}

export interface TabToolsDeps {
  store: RunTabsStore;
  facts: ReadRunFacts;
  browser: TabBrowser;
  /** Keeps the run's tabs on its approved origins while it runs (run-origin-rules.ts). */
  guard?: RunOriginGuard;
}

/** The page tools aimed at the run's tab, followed by the tab tools. */
export function createTabTools(pageTools: Tool[], deps: TabToolsDeps): Tool[] {
  const access = createRunTabAccess(deps);
  const aimed = withRunTab(pageTools, access);
  const pageState = aimed.find((t) => t.name === 'get_page_state');
  const readRefs = async (ctx: Parameters<Tool['execute']>[1]) => {
    if (!pageState) return [];
    // The run's own snapshot tool: its listing becomes the run's snapshot, so the ref can be acted on next.
    const state: unknown = await pageState.execute({ maxElements: 300 }, ctx);
    return listedRefs(state);
  };
  return [
    ...aimed,
    ...createNavigateTools(access),
    ...createSwitchTabTools(access),
    createWaitForTool(access, readRefs),
  ];
}

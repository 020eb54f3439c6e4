// Drives the page agent on a fixture page's document as the background does (guards, handlers, answer),
// so the library-widget tests exercise the same code path as the built extension.
import { dispatch } from '../../../lib/messaging/dispatch';
import { actMechanics } from '../../../lib/page/act-mechanics';
import { createPageAgent } from '../../../lib/page/page-agent';
import { pageCallValidators } from '../../../lib/page/page-call-validators';
import { pageProtocol } from '../../../lib/page/page-command';
import type { PageChanges } from '../../../lib/page/page-changes';
import type { PageElement, PageState } from '../../../lib/page/page-state';
import { readPage } from '../../../lib/page/read-page';

const background = { id: 'ext', url: 'chrome-extension://ext/background.js' };
const self = { id: 'ext', origin: 'chrome-extension://ext/' };

export interface CallOutcome {
  ok: boolean;
  output?: { ok?: boolean; did?: string; value?: unknown; reason?: string; changes?: PageChanges };
  message?: string;
}

/** An agent on `doc`, a way to call it, and the ref of a listed element by name (and role). */
export function agentOn(doc: Document) {
  const agent = createPageAgent({
    doc,
    docId: 'doc-1',
    reader: () => readPage,
    actPart: () => actMechanics,
    highlightMs: 1,
  });
  let n = 0;
  const call = async (name: string, args: unknown): Promise<CallOutcome> => {
    const raw = { tabwise: 'page', name, data: { runId: 'r1', toolCallId: `t${++n}`, args } };
    const reply = await dispatch(pageProtocol, raw, background, {
      validators: pageCallValidators,
      handlers: agent.handlers,
      from: 'background',
      self,
    });
    if (!reply?.ok) return { ok: false, message: reply?.error.message };
    return (reply.value as { outcome: CallOutcome }).outcome;
  };
  const snapshot = async () => (await call('get_page_state', {})).output as unknown as PageState;
  const find = (
    elements: readonly { ref: string; role: string; name: string }[],
    name: string | RegExp,
    role?: string,
  ): string => {
    const found = elements.find(
      (e) => (typeof name === 'string' ? e.name === name : name.test(e.name)) && (!role || e.role === role),
    );
    if (!found)
      throw new Error(
        `no ${role ?? 'element'} named ${String(name)} in ${JSON.stringify(elements.map((e) => [e.role, e.name]))}`,
      );
    return found.ref;
  };
  const ref = (state: PageState, name: string | RegExp, role?: string) =>
    find(state.elements as PageElement[], name, role);
  /** One of the act tools (type, press, focus, hover, select, set_value, scroll), as the worker routes it. */
  const act = (action: string, args: Record<string, unknown>) => call('act', { action, ...args });
  return { call, act, snapshot, ref, find };
}

/**
 * The main-world relay for pages that register tools in script (WebMCP's `navigator.modelContext`), where the
 * browser does not provide it: registered at document start, only while "Use the tools sites offer" is on.
 * It records registrations and answers only over a MessagePort the page agent hands it: the handshake message
 * must come from this very window, it is stopped before any page listener sees it (so no page script ever
 * holds the port, sees a request or can answer one), and everything it uses is captured before page scripts
 * run. A tool whose `execute` or definition comes from another realm (a same-origin frame reaching into its
 * parent) is refused: a frame registers tools for itself only. A tool's `requestUserInteraction` (the `client`
 * its `execute` gets) is relayed to the page agent, which asks the user on the call's card; the page's callback
 * runs only after Continue. Kept tiny: it enters every page while on.
 */
export function installWebmcpRelay(w: Window & typeof globalThis): void {
  const nav = w.navigator as Navigator & { modelContext?: unknown };
  if (nav.modelContext) return;
  const { getPrototypeOf, defineProperty, freeze, keys } = w.Object;
  const { stringify, parse } = w.JSON;
  const P = w.Promise;
  const fnProto = w.Function.prototype;
  const objProto = w.Object.prototype;
  const on = w.EventTarget.prototype.addEventListener;
  const stop = w.Event.prototype.stopImmediatePropagation;
  const get = (proto: object, key: string) => w.Object.getOwnPropertyDescriptor(proto, key)!.get!;
  const dataOf = get(w.MessageEvent.prototype, 'data');
  const sourceOf = get(w.MessageEvent.prototype, 'source');
  const portsOf = get(w.MessageEvent.prototype, 'ports');
  const post = w.MessagePort.prototype.postMessage;
  const start = w.MessagePort.prototype.start;
  type Run = (input: unknown, client: object) => unknown;
  type Entry = { name: string; description: string; inputSchema: unknown; readOnly: boolean; run: Run };
  const tools: Record<string, Entry> = w.Object.create(null);
  // A function of this realm: a plain one's prototype is this Function.prototype, an async one's leads to it.
  const own = (f: unknown) => {
    const p = typeof f === 'function' ? (getPrototypeOf(f) as object | null) : null;
    return !!p && (p === fnProto || getPrototypeOf(p) === fnProto);
  };
  const modelContext = freeze({
    registerTool(t: Record<string, unknown>) {
      if (!t || getPrototypeOf(t) !== objProto || typeof t.name !== 'string' || !own(t.execute))
        throw new w.TypeError('registerTool: a tool of this frame with a name and an execute function');
      const annotations = t.annotations as { readOnlyHint?: unknown } | undefined;
      tools[t.name] = {
        name: t.name,
        description: String(t.description ?? ''),
        inputSchema: parse(stringify(t.inputSchema ?? { type: 'object' })),
        readOnly: annotations?.readOnlyHint === true,
        run: t.execute as Run,
      };
    },
    unregisterTool(name: string) {
      delete tools[name];
    },
  });
  defineProperty(nav, 'modelContext', { value: modelContext, enumerable: true });
  type Msg = { id?: unknown; op?: unknown; name?: unknown; args?: unknown; go?: unknown };
  // Answers to a tool's requestUserInteraction, by call id: the page agent relays the user's Continue or Decline.
  const answers: Record<string, (go: boolean) => void> = w.Object.create(null);
  // One client per call Tabwise made, live only while that call runs: at most 3 requests, one at a time, and
  // the page's callback runs only after the user's Continue.
  const clientFor = (port: MessagePort, id: unknown) => {
    let live = true;
    let asks = 0;
    const client = freeze({
      async requestUserInteraction(callback: () => unknown) {
        if (!live || answers[String(id)] || ++asks > 3 || typeof callback !== 'function')
          throw new w.Error('requestUserInteraction refused: one at a time, at most 3, only during the call');
        const go = await new P<boolean>((resolve) => {
          answers[String(id)] = resolve;
          post.call(port, { id, ask: 1 });
        });
        delete answers[String(id)];
        if (!go || !live) throw new w.Error('The user declined to interact with the page.');
        return callback();
      },
    });
    return { client, end: () => void (live = false) };
  };
  const serve = async (port: MessagePort, m: Msg) => {
    if (m.op === 'answer') return answers[String(m.id)]?.(m.go === true);
    let reply;
    const call = clientFor(port, m.id);
    try {
      if (m.op === 'list') reply = keys(tools).map((k) => ({ ...tools[k], run: undefined, source: 'script' }));
      else {
        const tool = tools[String(m.name)];
        if (m.op !== 'call' || !tool) throw new w.Error('no such tool');
        const value: unknown = await tool.run.call(undefined, parse(stringify(m.args ?? {})), call.client);
        reply = typeof value === 'string' ? value : (stringify(value) ?? 'undefined');
      }
      post.call(port, parse(stringify({ id: m.id, ok: true, value: reply })));
    } catch (error) {
      post.call(port, { id: m.id, ok: false, error: String((error as Error)?.message ?? error).slice(0, 500) });
    } finally {
      call.end();
    }
  };
  on.call(
    w,
    'message',
    (e: Event) => {
      const data = dataOf.call(e) as { tabwiseWebmcp?: unknown } | null;
      const port = (portsOf.call(e) as readonly MessagePort[])[0];
      if (sourceOf.call(e) !== w || data?.tabwiseWebmcp !== 1 || !port) return;
      stop.call(e);
      on.call(port, 'message', (m: Event) => void serve(port, dataOf.call(m) as Msg));
      start.call(port);
    },
    true,
  );
}

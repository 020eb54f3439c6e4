/**
 * The page agent's side of the main-world relay (webmcp-relay.ts): it hands the relay a MessagePort of its
 * own with a message to this frame's window (which the relay stops before any page listener sees it), then
 * asks over that port. What comes back is the page's word: each tool is checked to the caps and names a tool
 * may have, the rest dropped. A frame whose relay does not answer lists no script tools.
 */
import { PAGE_TOOL_LIMITS, PAGE_TOOL_NAME, type PageToolInfo } from './page-tool-info';
import type { ScriptTools } from './page-tools-offered';
import { pageToolText } from './read-form-tools';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A listed tool as the model may see it, or undefined when it breaks a rule. */
function checkedTool(v: unknown): PageToolInfo | undefined {
  if (!isObject(v) || typeof v.name !== 'string' || !PAGE_TOOL_NAME.test(v.name)) return undefined;
  const schema = isObject(v.inputSchema) ? v.inputSchema : { type: 'object' };
  if (JSON.stringify(schema).length > PAGE_TOOL_LIMITS.schemaChars) return undefined;
  return {
    name: v.name,
    description: pageToolText(typeof v.description === 'string' ? v.description : '', PAGE_TOOL_LIMITS.description),
    inputSchema: schema,
    readOnly: v.readOnly === true,
    source: 'script',
  };
}

export function createScriptToolsClient(win: Window, { listMs = 300, callMs = 25_000 } = {}): ScriptTools {
  let port: MessagePort | undefined;
  let silent = false;
  let seq = 0;
  type Reply = { ok: boolean; value?: unknown; error?: unknown; ask?: unknown };
  const waiting = new Map<number, (reply: Reply) => void>();
  const connect = () => {
    if (port) return port;
    const channel = new MessageChannel();
    port = channel.port1;
    port.onmessage = (e: MessageEvent<{ id?: unknown }>) => {
      const done = typeof e.data?.id === 'number' ? waiting.get(e.data.id) : undefined;
      done?.(e.data as Reply);
    };
    win.postMessage({ tabwiseWebmcp: 1 }, '*', [channel.port2]);
    return port;
  };
  /** `onAsk`: the tool asks the user to interact (its time is not counted while the user decides). */
  const ask = (message: object, ms: number, onAsk?: () => Promise<boolean>) =>
    new Promise<unknown>((resolve, reject) => {
      const id = ++seq;
      const start = () =>
        setTimeout(() => {
          waiting.delete(id);
          reject(new Error(`the page's tool did not answer within ${ms / 1000} s`));
        }, ms);
      let timer = start();
      waiting.set(id, (reply) => {
        if (reply.ask === 1) {
          clearTimeout(timer);
          void (onAsk ? onAsk().catch(() => false) : Promise.resolve(false)).then((go) => {
            if (!waiting.has(id)) return;
            timer = start();
            connect().postMessage({ id, op: 'answer', go });
          });
          return;
        }
        clearTimeout(timer);
        waiting.delete(id);
        if (reply.ok) resolve(reply.value);
        else reject(new Error(`the page's tool failed: ${String(reply.error).slice(0, 500)}`));
      });
      connect().postMessage({ id, ...message });
    });
  return {
    async list() {
      if (silent) return [];
      try {
        const listed = await ask({ op: 'list' }, listMs);
        return Array.isArray(listed)
          ? listed.slice(0, PAGE_TOOL_LIMITS.tools).flatMap((t) => checkedTool(t) ?? [])
          : [];
      } catch (error) {
        // No relay in this frame (it was turned on after the page loaded): not asked again for this document.
        console.debug('Tabwise: no WebMCP relay answered in this frame', error);
        silent = true;
        return [];
      }
    },
    call: (name, args, onAsk) => ask({ op: 'call', name, args }, callMs, onAsk),
  };
}

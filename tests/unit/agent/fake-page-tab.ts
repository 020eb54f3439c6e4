/**
 * A tab for the approval tests: a fake PageMessenger that answers page commands the way the page agent does
 * (by document: a command meant for another document answers 'navigated'), wired to the real router, page
 * tools and target store. `navigate` moves the tab to a new document, as a link or a script would.
 */
import type { WireMessage } from '../../../lib/messaging/wire-message';
import { createPageTargetStore, type KeyValueArea } from '../../../lib/tools/page/page-target-store';
import { createPageTools } from '../../../lib/tools/page/page-tools';
import { createRouteToPage } from '../../../lib/tools/page/route-to-page';
import type { PageMessenger } from '../../../lib/tools/page/send-page-command';

/** A Map-backed storage area (what chrome.storage.session is in the extension). */
export function memoryArea(): KeyValueArea {
  const data = new Map<string, unknown>();
  return {
    get: async (key) => (data.has(key) ? { [key]: structuredClone(data.get(key)) } : {}),
    set: async (items) => {
      for (const [k, v] of Object.entries(items)) data.set(k, structuredClone(v));
    },
  };
}

/** A page command as the fake tab reads it off the wire. */
export interface SentCommand {
  command: string;
  expectDocId?: string;
  /** What the approval card showed, sent with an approved call. */
  shown?: unknown;
  input: unknown;
}

function readSent(message: WireMessage): SentCommand {
  const data: Record<string, unknown> = { ...(message.data ?? {}) };
  return {
    command: message.name,
    ...(typeof data.expectDocId === 'string' ? { expectDocId: data.expectDocId } : {}),
    ...(data.shown ? { shown: data.shown } : {}),
    input: data.args,
  };
}

/** What a write did, and on which document and URL it landed. */
export interface Write {
  command: string;
  docId: string;
  url: string;
  input: unknown;
}

export interface FakePageOptions {
  url: string;
  /** The field's label as the page shows it (tests put hostile text here). */
  label?: string;
  /** The page's readable text (what read_page answers). */
  text?: string;
}

/** A tab with one form (a "name" field, a submit button "go", the form "order"), on `url`. */
export function createFakePageTab(opts: FakePageOptions) {
  let n = 1;
  const state = {
    docId: 'doc-1',
    url: opts.url,
    label: opts.label ?? 'Full name',
    value: '',
    text: opts.text ?? 'A form.',
    writes: [] as Write[],
    sent: [] as SentCommand[],
    button: 'Place order',
    action: '/pay',
  };
  const snapshot = () => ({
    fields: [{ key: 'name', label: state.label, type: 'text', value: state.value, required: false, form: 'order' }],
    buttons: [{ key: 'go', text: 'Place\norder', kind: 'submit', form: 'order' }],
    forms: [{ key: 'order', label: 'Order', action: new URL('/pay', state.url).href, method: 'post' }],
  });
  /** What the page agent answers: the document and URL it ran in, and the command's outcome. */
  const answer = (outcome: unknown) => ({ ok: true, value: { docId: state.docId, url: state.url, outcome } });
  const messenger: PageMessenger = {
    tabExists: async () => true,
    post: async (_target, message) => {
      const c = readSent(message);
      state.sent.push(c);
      const where = { docId: state.docId, url: state.url };
      if (
        c.expectDocId &&
        c.expectDocId !== state.docId &&
        c.command !== 'get_form_state' &&
        c.command !== 'read_page'
      ) {
        return answer({ ok: false, error: 'navigated', message: 'The page changed since get_form_state.' });
      }
      switch (c.command) {
        case 'get_form_state':
          return answer({ ok: true, output: snapshot() });
        case 'read_page':
          return answer({
            ok: true,
            output: {
              title: 'Page',
              url: state.url,
              lang: 'en',
              markdown: state.text,
              headings: [],
              totalChars: state.text.length,
              offset: 0,
            },
          });
        case 'preview': {
          const { keys } = c.input as { keys: string[] };
          return answer({
            ok: true,
            output: Object.fromEntries(
              keys.map((k) => [k, k === 'name' ? { label: state.label, value: state.value } : null]),
            ),
          });
        }
        case 'identify': {
          // What the page agent's identify answers (element-identity.ts), from the fake page's state.
          const { refs, fields = [], forms = [] } = c.input as { refs: string[]; fields?: string[]; forms?: string[] };
          const dest = { action: new URL(state.action, state.url).href, method: 'post' };
          const el = (ref: string) =>
            ref === 'name'
              ? [{ kind: 'element', ref, role: 'textbox', name: state.label, ...dest }]
              : ref === 'go'
                ? [{ kind: 'element', ref, role: 'button', name: state.button, ...dest }]
                : [];
          return answer({
            ok: true,
            output: [
              ...refs.flatMap(el),
              ...fields
                .filter((f) => f === 'name')
                .map((ref) => ({ kind: 'field', ref, role: 'textbox', name: state.label, ...dest })),
              ...forms
                .filter((f) => f === 'order')
                .map((ref) => ({ kind: 'form', ref, role: 'form', name: 'Order', ...dest })),
            ],
          });
        }
        case 'fill_form': {
          const { updates } = c.input as { updates: Record<string, string> };
          state.writes.push({ command: c.command, ...where, input: c.input });
          if (typeof updates.name === 'string') state.value = updates.name;
          return answer({
            ok: true,
            output: {
              written: Object.entries(updates).map(([key, value]) => ({ key, value })),
              ignored: [],
              failed: [],
            },
          });
        }
        case 'click':
        case 'submit_form':
          state.writes.push({ command: c.command, ...where, input: c.input });
          return answer({ ok: true, output: { ok: true, key: 'go' } });
        default:
          return answer({ ok: false, error: 'tool-error', message: `${c.command} is not faked` });
      }
    },
    injectAgent: async () => {},
    injectReader: async () => {},
    injectActPart: async () => {},
  };
  const targets = createPageTargetStore(memoryArea());
  const routeToPage = createRouteToPage({ messenger, targets });
  return {
    state,
    targets,
    routeToPage,
    tools: createPageTools({ routeToPage, targets }),
    /** The tab moves to a new document at `url` (another origin, or a reload when it is the same). */
    navigate(url: string, text = 'A form.') {
      state.docId = `doc-${++n}`;
      state.url = url;
      state.value = '';
      state.text = text;
    },
  };
}

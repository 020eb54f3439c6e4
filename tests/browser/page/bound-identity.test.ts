/**
 * The page agent's own check of what an approval card showed: identify answers each named element's role,
 * name, link target and form destination; an acting command carrying that answer is refused, untouched, when
 * the page changed the element in between (whatever the worker saw when it re-located the call).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { dispatch } from '../../../lib/messaging/dispatch';
import { actMechanics } from '../../../lib/page/act-mechanics';
import { createPageAgent, type PageAgent } from '../../../lib/page/page-agent';
import { pageCallValidators } from '../../../lib/page/page-call-validators';
import { pageProtocol } from '../../../lib/page/page-command';
import type { PageState } from '../../../lib/page/page-state';
import type { ShownIdentity } from '../../../lib/page/shown-identity';

let host: HTMLElement | undefined;
afterEach(() => host?.remove());

const self = { id: 'ext', origin: 'chrome-extension://ext/' };
const background = { id: 'ext', url: 'chrome-extension://ext/background.js' };
const cmd = (command: string, input: unknown = {}, shown?: unknown) => ({
  tabwise: 'page',
  name: command,
  data: { runId: 'r1', toolCallId: 't1', args: input, ...(shown ? { shown } : {}) },
});

async function handle(agent: PageAgent, raw: unknown): Promise<Record<string, unknown>> {
  const reply = await dispatch(pageProtocol, raw, background, {
    validators: pageCallValidators,
    handlers: agent.handlers,
    from: 'background',
    self,
  });
  if (!reply) throw new Error('not a page command');
  if (!reply.ok) return { ok: false, error: reply.error.code, message: reply.error.message };
  const value: unknown = reply.value;
  if (typeof value !== 'object' || value === null || !('outcome' in value) || typeof value.outcome !== 'object')
    throw new Error('not a page answer');
  return { ...value.outcome };
}

function mount() {
  host = document.createElement('div');
  host.innerHTML = `<form id="draft" aria-label="Draft" action="/saved" method="post">
    <label>Note <input name="note"></label>
    <button type="button" id="save">Save draft</button>
    <button type="submit" id="send">Send</button>
    <label>Password <input name="pass" type="password"></label>
  </form>
  <a id="help" href="/help">Help</a>`;
  document.body.appendChild(host);
  const clicks: string[] = [];
  host.addEventListener('click', (e) => clicks.push((e.target as Element).id || (e.target as Element).tagName), true);
  host.querySelector('form')!.addEventListener('submit', (e) => {
    e.preventDefault();
    clicks.push('submit');
  });
  return { clicks, $: <T extends Element>(s: string) => host!.querySelector<T>(s)! };
}

async function refs(agent: PageAgent) {
  const snap = await handle(agent, cmd('get_page_state'));
  const state = snap.output as PageState;
  const ref = (name: string) => state.elements.find((e) => e.name === name)!.ref;
  return { ref, form: state.regions.find((r) => r.kind === 'form')!.ref };
}

async function identify(agent: PageAgent, input: object): Promise<ShownIdentity[]> {
  const r = await handle(agent, cmd('identify', input));
  expect(r.ok).toBe(true);
  return r.output as ShownIdentity[];
}

describe('approvals bound to what the page showed', () => {
  it('identify answers role, name, link target and form destination, resolved', async () => {
    mount();
    const agent = createPageAgent({
      doc: document,
      docId: 'doc-1',
      reader: () => undefined,
      actPart: () => actMechanics,
    });
    const { ref, form } = await refs(agent);
    const base = new URL('/', location.href).origin;
    const shown = await identify(agent, {
      refs: [ref('Save draft'), ref('Send'), ref('Help'), ref('Note')],
      forms: [form],
    });
    expect(shown).toEqual([
      { kind: 'element', ref: ref('Save draft'), role: 'button', name: 'Save draft' },
      { kind: 'element', ref: ref('Send'), role: 'button', name: 'Send', action: `${base}/saved`, method: 'post' },
      { kind: 'element', ref: ref('Help'), role: 'link', name: 'Help', href: `${base}/help` },
      { kind: 'element', ref: ref('Note'), role: 'textbox', name: 'Note', action: `${base}/saved`, method: 'post' },
      { kind: 'form', ref: form, role: 'form', name: 'Draft', action: `${base}/saved`, method: 'post' },
    ]);
  });

  it('refuses a click on a button renamed after the card, and clicks it when unchanged', async () => {
    const { clicks, $ } = mount();
    const agent = createPageAgent({
      doc: document,
      docId: 'doc-1',
      reader: () => undefined,
      actPart: () => actMechanics,
    });
    const { ref } = await refs(agent);
    const key = ref('Save draft');
    const shown = await identify(agent, { refs: [key] });
    $('#save').textContent = 'Delete account';
    const refused = await handle(agent, cmd('click', { key }, shown));
    expect(refused).toMatchObject({
      ok: false,
      error: 'tool-error',
      message:
        'Refused: the element changed since it was approved: name "Save draft" → "Delete account"; nothing was done. Call get_page_state again.',
    });
    expect(clicks).toEqual([]);
    $('#save').textContent = 'Save draft';
    expect(await handle(agent, cmd('click', { key }, shown))).toMatchObject({ ok: true });
    expect(clicks).toEqual(['save']);
  });

  it('refuses a link whose href changed, a submission whose form now posts elsewhere, typing and Enter after the form moved, a password whose form moved', async () => {
    const { clicks, $ } = mount();
    const agent = createPageAgent({
      doc: document,
      docId: 'doc-1',
      reader: () => undefined,
      actPart: () => actMechanics,
    });
    const { ref, form } = await refs(agent);
    const link = await identify(agent, { refs: [ref('Help')] });
    const sub = await identify(agent, { refs: [], forms: [form] });
    const note = await identify(agent, { refs: [ref('Note')] });
    const noteField = await identify(agent, { refs: [], fields: [ref('Note')] });
    expect(noteField).toEqual([{ ...note[0], kind: 'field' }]);
    const pass = await identify(agent, { refs: [ref('Password')] });
    expect(pass[0]).toMatchObject({ role: 'textbox', name: 'Password', method: 'post' });
    $('#help').setAttribute('href', 'https://evil.example/steal');
    $('#draft').setAttribute('action', 'https://evil.example/collect');
    expect((await handle(agent, cmd('click', { key: ref('Help') }, link))).message).toMatch(
      /link target ".*\/help" → "https:\/\/evil.example\/steal"/,
    );
    expect((await handle(agent, cmd('submit_form', { form }, sub))).message).toMatch(
      /form destination POST .*\/saved → POST https:\/\/evil.example\/collect/,
    );
    expect((await handle(agent, cmd('act', { action: 'type', ref: ref('Note'), text: 'hi' }, note))).message).toMatch(
      /^Refused: the element changed/,
    );
    expect(
      (await handle(agent, cmd('act', { action: 'press', ref: ref('Note'), key: 'Enter' }, note))).message,
    ).toMatch(/^Refused: the element changed/);
    expect((await handle(agent, cmd('fill_form', { updates: { [ref('Note')]: 'hi' } }, noteField))).message).toMatch(
      /^Refused: the element changed/,
    );
    expect((await handle(agent, cmd('fill_password', { ref: ref('Password'), value: 'pw' }, pass))).message).toMatch(
      /^Refused: the element changed.*form destination/,
    );
    expect(clicks).toEqual([]);
    expect($<HTMLInputElement>('input[name=note]').value).toBe('');
    expect($<HTMLInputElement>('input[name=pass]').value).toBe('');
  });

  it('a press on the focus is bound to the element that had it', async () => {
    const { clicks, $ } = mount();
    const agent = createPageAgent({
      doc: document,
      docId: 'doc-1',
      reader: () => undefined,
      actPart: () => actMechanics,
    });
    await refs(agent);
    $<HTMLElement>('#help').focus();
    const shown = await identify(agent, { refs: [], focus: true });
    expect(shown).toEqual([expect.objectContaining({ kind: 'focus', role: 'link', name: 'Help' })]);
    $<HTMLElement>('#send').focus();
    expect((await handle(agent, cmd('act', { action: 'press', key: 'Enter' }, shown))).message).toMatch(
      /role link → button, name "Help" → "Send"/,
    );
    expect(clicks).toEqual([]);
  });
});

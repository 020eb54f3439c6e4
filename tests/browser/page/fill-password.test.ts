import { afterEach, describe, expect, it } from 'vitest';
import { dispatch } from '../../../lib/messaging/dispatch';
import { actMechanics } from '../../../lib/page/act-mechanics';
import { createPageAgent, type PageAgent } from '../../../lib/page/page-agent';
import { pageCallValidators } from '../../../lib/page/page-call-validators';
import { pageProtocol } from '../../../lib/page/page-command';
import type { PageState } from '../../../lib/page/page-state';

let host: HTMLElement | undefined;
afterEach(() => host?.remove());

const SECRET = 'tr0ub4dor&3';
const self = { id: 'ext', origin: 'chrome-extension://ext/' };
const background = { id: 'ext', url: 'chrome-extension://ext/background.js' };
const cmd = (command: string, input: unknown = {}, toolCallId = 't1') => ({
  tabwise: 'page',
  name: command,
  data: { runId: 'r1', toolCallId, args: input },
});

/** Serves a command as the content script does, flattened: the kit's refusals as `{ ok: false, error }`. */
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

function mountLogin() {
  host = document.createElement('div');
  host.innerHTML = `<form aria-label="Sign in">
    <label>Username <input name="user"></label>
    <label>Password <input name="pass" type="password" autocomplete="current-password"></label>
    <button>Sign in</button></form>`;
  document.body.appendChild(host);
  const seen: string[] = [];
  const pass = host.querySelector<HTMLInputElement>('input[type=password]')!;
  pass.addEventListener('input', () => seen.push('input'));
  pass.addEventListener('change', () => seen.push('change'));
  return { pass, seen };
}

async function snapshot(agent: PageAgent) {
  const snap = await handle(agent, cmd('get_page_state'));
  const state = snap.output as PageState;
  const ref = (name: string) => state.elements.find((e) => e.name === name)!.ref;
  return { state, ref };
}

describe('fill_password on the page', () => {
  it('lists the password write-only, never its value, and writes only what the card sent, answering without it', async () => {
    const { pass, seen } = mountLogin();
    pass.value = 'already-there';
    const agent = createPageAgent({
      doc: document,
      docId: 'doc-1',
      reader: () => undefined,
      actPart: () => actMechanics,
    });
    const { state, ref } = await snapshot(agent);
    const entry = state.elements.find((e) => e.name === 'Password');
    expect(entry).toMatchObject({ role: 'textbox', writeOnly: true });
    expect(entry).not.toHaveProperty('value');
    expect(JSON.stringify(state)).not.toContain('already-there');
    // Not even its length (13): the entry carries no count, and the snapshot names no length anywhere.
    expect(Object.values(entry!)).not.toContain(13);
    expect(JSON.stringify(entry)).not.toMatch(/\b13\b/);
    expect(JSON.stringify(state)).not.toContain('"length"');

    const answer = await handle(agent, cmd('fill_password', { ref: ref('Password'), value: SECRET }));
    expect(answer).toEqual({ ok: true, output: { ref: ref('Password'), filled: true } });
    expect(JSON.stringify(answer)).not.toContain(SECRET);
    expect(pass.value).toBe(SECRET);
    expect(seen).toEqual(['input', 'change']);
  });

  it('refuses fill_password on a field that is not a listed password, and every other write to the password field', async () => {
    const { pass } = mountLogin();
    const agent = createPageAgent({
      doc: document,
      docId: 'doc-1',
      reader: () => undefined,
      actPart: () => actMechanics,
    });
    const { ref } = await snapshot(agent);
    expect(await handle(agent, cmd('fill_password', { ref: ref('Username'), value: SECRET }))).toMatchObject({
      ok: false,
      error: 'tool-error',
      message: expect.stringMatching(/not a password field/),
    });
    expect(await handle(agent, cmd('fill_form', { updates: { [ref('Password')]: 'from the model' } }))).toMatchObject({
      ok: true,
      output: { written: [], ignored: [{ key: ref('Password') }] },
    });
    expect(
      await handle(agent, cmd('act', { action: 'type', ref: ref('Password'), text: 'from the model' })),
    ).toMatchObject({ ok: false });
    expect(pass.value).toBe('');
    expect((host!.querySelector('input[name=user]') as HTMLInputElement).value).toBe('');
  });

  it('refuses a field the page turned into a visible text field after the snapshot, and malformed values', async () => {
    const { pass } = mountLogin();
    const agent = createPageAgent({
      doc: document,
      docId: 'doc-1',
      reader: () => undefined,
      actPart: () => actMechanics,
    });
    const { ref } = await snapshot(agent);
    expect(await handle(agent, cmd('fill_password', { ref: ref('Password'), value: '' }))).toMatchObject({
      ok: false,
      error: 'invalid',
    });
    expect(await handle(agent, cmd('fill_password', { ref: ref('Password'), value: 'x'.repeat(1001) }))).toMatchObject({
      ok: false,
      error: 'invalid',
    });
    expect(await handle(agent, cmd('fill_password', { ref: ref('Password') }))).toMatchObject({
      ok: false,
      error: 'invalid',
    });
    pass.type = 'text';
    pass.removeAttribute('autocomplete');
    const refused = await handle(agent, cmd('fill_password', { ref: ref('Password'), value: SECRET }));
    expect(refused).toMatchObject({ ok: false, message: expect.stringMatching(/no longer a password field/) });
    expect(JSON.stringify(refused)).not.toContain(SECRET);
    expect(pass.value).toBe('');
  });

  it('fills a password listed by get_form_state too', async () => {
    const { pass } = mountLogin();
    const agent = createPageAgent({
      doc: document,
      docId: 'doc-1',
      reader: () => undefined,
      actPart: () => actMechanics,
    });
    const snap = await handle(agent, cmd('get_form_state'));
    const passwords = (snap.output as { passwords?: { key: string; writeOnly: true }[] }).passwords ?? [];
    expect(passwords).toEqual([{ key: 'pass', label: 'Password', writeOnly: true, form: expect.any(String) }]);
    expect(await handle(agent, cmd('fill_password', { ref: 'pass', value: SECRET }))).toEqual({
      ok: true,
      output: { ref: 'pass', filled: true },
    });
    expect(pass.value).toBe(SECRET);
  });
});

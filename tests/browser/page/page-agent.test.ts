import { afterEach, describe, expect, it } from 'vitest';
import { dispatch } from '../../../lib/messaging/dispatch';
import { createPageAgent, NO_READER_MESSAGE, type PageAgent } from '../../../lib/page/page-agent';
import { pageCallValidators } from '../../../lib/page/page-call-validators';
import { pageProtocol } from '../../../lib/page/page-command';
import { readPage } from '../../../lib/page/read-page';
import { loadFixture, settle, type LoadedFixture } from './load-fixture';

let page: LoadedFixture;
afterEach(() => page?.remove());

/** A command as the page receives it: unchecked data (some tests send input the command does not take). */
const cmd = (
  command: string,
  input: unknown = {},
  over: { runId?: string; toolCallId?: string; expectDocId?: string } = {},
) => ({
  tabwise: 'page',
  name: command,
  data: { runId: 'r1', toolCallId: 't1', args: input, ...over },
});
const self = { id: 'ext', origin: 'chrome-extension://ext/' };
const background = { id: 'ext', url: 'chrome-extension://ext/background.js' };

/**
 * Serves `raw` as the content script does (the kit's sender check and validators, then the agent's
 * handlers), flattened for reading: the kit's refusals as `{ ok: false, error: code }`, answers as
 * `{ ok, output | error, message, docId, url }`; undefined when the message is not a page command.
 */
async function handle(agent: PageAgent, raw: unknown, sender: object = background) {
  const reply = await dispatch(pageProtocol, raw, sender, {
    validators: pageCallValidators,
    handlers: agent.handlers,
    from: 'background',
    self,
  });
  if (!reply) return undefined;
  if (!reply.ok) return { ok: false, error: reply.error.code, message: reply.error.message };
  if (!isAnswer(reply.value)) throw new Error('not a page answer');
  const { outcome, ...where } = reply.value;
  return { ...outcome, ...where };
}

function isAnswer(v: unknown): v is { outcome: object; docId: string; url: string } {
  return typeof v === 'object' && v !== null && 'outcome' in v && typeof v.outcome === 'object' && v.outcome !== null;
}

const reader = () => readPage;

describe('createPageAgent', () => {
  it("keeps an allowlist per run: fill, preview and undo act only after that run's snapshot", async () => {
    page = await loadFixture('react');
    const agent = createPageAgent({ doc: page.doc, docId: 'doc-1', reader, highlightMs: 10 });
    expect(await handle(agent, { type: 'something else' })).toBeUndefined();
    expect(await handle(agent, cmd('fill_form', { updates: { fullName: 'Ada' } }))).toMatchObject({
      ok: false,
      error: 'tool-error',
      message: expect.stringMatching(/call get_page_state first/),
    });

    const snap = await handle(agent, cmd('get_form_state'));
    expect(snap).toMatchObject({ ok: true, docId: 'doc-1', url: page.doc.URL });
    expect(JSON.stringify(snap)).not.toMatch(/allowlist/);

    expect(await handle(agent, cmd('preview', { keys: ['fullName', 'admin'] }))).toMatchObject({
      ok: true,
      output: { fullName: { label: 'Full name', value: '' }, admin: null },
    });
    expect(await handle(agent, cmd('fill_form', { updates: { fullName: 'Ada' } }, { runId: 'r2' }))).toMatchObject({
      ok: false,
      error: 'tool-error',
    });
    const filled = await handle(
      agent,
      cmd('fill_form', { updates: { fullName: 'Ada', admin: true } }, { toolCallId: 'f1' }),
    );
    expect(filled).toMatchObject({
      ok: true,
      output: { written: [{ key: 'fullName', value: 'Ada' }], ignored: [{ key: 'admin' }], failed: [] },
    });
    expect(JSON.stringify(filled)).not.toMatch(/undo/);
    await settle();
    expect(page.state()).toMatchObject({ fullName: 'Ada' });

    expect(await handle(agent, cmd('undo', {}, { toolCallId: 'f1' }))).toMatchObject({
      ok: true,
      output: { restored: [{ key: 'fullName', value: '' }], failed: [] },
    });
    await settle();
    expect(page.state()).toMatchObject({ fullName: '' });
    expect(await handle(agent, cmd('undo', {}, { toolCallId: 'f1' }))).toMatchObject({
      ok: false,
      message: expect.stringMatching(/Nothing to undo/),
    });
  });

  it('answers navigated when the command expects another document', async () => {
    page = await loadFixture('plain');
    const agent = createPageAgent({ doc: page.doc, docId: 'doc-2', reader });
    await handle(agent, cmd('get_form_state'));
    expect(
      await handle(agent, cmd('fill_form', { updates: { fullName: 'Ada' } }, { expectDocId: 'doc-1' })),
    ).toMatchObject({ ok: false, error: 'navigated' });
    expect(await handle(agent, cmd('read_page', {}, { expectDocId: 'doc-1' }))).toMatchObject({ ok: true });
  });

  it('reports bad arguments and failed clicks as tool errors the model can read', async () => {
    page = await loadFixture('multistep');
    const agent = createPageAgent({ doc: page.doc, docId: 'doc-3', reader });
    await handle(agent, cmd('get_form_state'));
    expect(await handle(agent, cmd('click', { key: 42 }))).toMatchObject({
      ok: false,
      error: 'invalid',
      message: expect.stringMatching(/Invalid arguments/),
    });
    expect(await handle(agent, cmd('fill_form', { updates: { a: 1 } }))).toMatchObject({
      ok: false,
      message: 'Invalid arguments: updates.a must be a string, true/false or a list of strings',
    });
    expect(await handle(agent, cmd('read_page', { maxChars: 10 }))).toMatchObject({
      ok: false,
      message: expect.stringMatching(/maxChars must be an integer from 500/),
    });
    expect(await handle(agent, cmd('preview', { keys: 'a' }))).toMatchObject({
      ok: false,
      message: expect.stringMatching(/keys must be a list/),
    });
    expect(await handle(agent, cmd('click', { key: 'next' }, { runId: '' }))).toMatchObject({
      ok: false,
      error: 'invalid',
    });
    expect(await handle(agent, cmd('eval', { key: 'next' }))).toMatchObject({ ok: false, error: 'bad_request' });
    expect(await handle(agent, { ...cmd('click', { key: 'next' }), tabwise: 'page-command' })).toBeUndefined();
    // Only the background may command a page: not another page's content script, not one of our pages.
    expect(
      await handle(agent, cmd('click', { key: 'next' }), { id: 'ext', url: 'https://evil.example/', tab: {} }),
    ).toMatchObject({ ok: false, error: 'forbidden' });
    expect(
      await handle(agent, cmd('click', { key: 'next' }), {
        id: 'ext',
        url: 'chrome-extension://ext/sidepanel.html',
        documentId: 'd',
      }),
    ).toMatchObject({ ok: false, error: 'forbidden' });
    expect(await handle(agent, cmd('click', { key: 'delete-account' }))).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^click failed: not an element of the last snapshot/),
    });
    expect(await handle(agent, cmd('submit_form', { form: 'wizard' }))).toMatchObject({
      ok: false,
      message: expect.stringMatching(/invalid fields/),
    });
    expect(await handle(agent, cmd('click', { key: 'next' }))).toMatchObject({
      ok: true,
      output: { ok: true, key: 'next' },
    });
  });

  it('answers read_page only once a page reader is loaded in the frame', async () => {
    page = await loadFixture('plain');
    const frame: { reader?: typeof readPage } = {};
    const agent = createPageAgent({ doc: page.doc, docId: 'doc-4', reader: () => frame.reader });
    expect(await handle(agent, cmd('read_page'))).toMatchObject({
      ok: false,
      error: 'no-reader',
      message: NO_READER_MESSAGE,
    });
    frame.reader = readPage;
    expect(await handle(agent, cmd('read_page'))).toMatchObject({ ok: true, output: { url: page.doc.URL } });
  });
});

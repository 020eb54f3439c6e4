import { afterEach, describe, expect, it } from 'vitest';
import { createPageAgent, NO_READER_MESSAGE } from '../../../lib/page/page-agent';
import type { PageCommandName } from '../../../lib/page/page-command';
import { readPage } from '../../../lib/page/read-page';
import { loadFixture, settle, type LoadedFixture } from './load-fixture';

let page: LoadedFixture;
afterEach(() => page?.remove());

/** A command as the page receives it: unchecked data (some tests send input the command does not take). */
const cmd = (command: PageCommandName, input: unknown = {}, over: { runId?: string; toolCallId?: string; expectDocId?: string } = {}) => ({
  tabwise: 'page-command', command, runId: 'r1', toolCallId: 't1', input, ...over,
});
const reader = () => readPage;

describe('createPageAgent', () => {
  it('keeps an allowlist per run: fill, preview and undo act only after that run\'s snapshot', async () => {
    page = await loadFixture('react');
    const agent = createPageAgent({ doc: page.doc, docId: 'doc-1', reader, highlightMs: 10 });
    expect(agent.handle({ type: 'something else' })).toBeUndefined();
    expect(agent.handle(cmd('fill_form', { updates: { fullName: 'Ada' } }))).toMatchObject({ ok: false, error: 'tool-error', message: expect.stringMatching(/get_form_state first/) });

    const snap = agent.handle(cmd('get_form_state'));
    expect(snap).toMatchObject({ ok: true, docId: 'doc-1', url: page.doc.URL });
    expect(JSON.stringify(snap)).not.toMatch(/allowlist/);

    expect(agent.handle(cmd('preview', { keys: ['fullName', 'admin'] }))).toMatchObject({ ok: true, output: { fullName: { label: 'Full name', value: '' }, admin: null } });
    expect(agent.handle(cmd('fill_form', { updates: { fullName: 'Ada' } }, { runId: 'r2' }))).toMatchObject({ ok: false, error: 'tool-error' });
    const filled = agent.handle(cmd('fill_form', { updates: { fullName: 'Ada', admin: true } }, { toolCallId: 'f1' }));
    expect(filled).toMatchObject({ ok: true, output: { written: [{ key: 'fullName', value: 'Ada' }], ignored: [{ key: 'admin' }], failed: [] } });
    expect(JSON.stringify(filled)).not.toMatch(/undo/);
    await settle();
    expect(page.state()).toMatchObject({ fullName: 'Ada' });

    expect(agent.handle(cmd('undo', {}, { toolCallId: 'f1' }))).toMatchObject({ ok: true, output: { restored: [{ key: 'fullName', value: '' }], failed: [] } });
    await settle();
    expect(page.state()).toMatchObject({ fullName: '' });
    expect(agent.handle(cmd('undo', {}, { toolCallId: 'f1' }))).toMatchObject({ ok: false, message: expect.stringMatching(/Nothing to undo/) });
  });

  it('answers navigated when the command expects another document', async () => {
    page = await loadFixture('plain');
    const agent = createPageAgent({ doc: page.doc, docId: 'doc-2', reader });
    agent.handle(cmd('get_form_state'));
    expect(agent.handle(cmd('fill_form', { updates: { fullName: 'Ada' } }, { expectDocId: 'doc-1' }))).toMatchObject({ ok: false, error: 'navigated' });
    expect(agent.handle(cmd('read_page', {}, { expectDocId: 'doc-1' }))).toMatchObject({ ok: true });
  });

  it('reports bad arguments and failed clicks as tool errors the model can read', async () => {
    page = await loadFixture('multistep');
    const agent = createPageAgent({ doc: page.doc, docId: 'doc-3', reader });
    agent.handle(cmd('get_form_state'));
    expect(agent.handle(cmd('click', { key: 42 }))).toMatchObject({ ok: false, error: 'tool-error', message: expect.stringMatching(/Invalid arguments/) });
    expect(agent.handle(cmd('fill_form', { updates: { a: 1 } }))).toMatchObject({ ok: false, message: 'Invalid arguments: updates.a must be a string, true/false or a list of strings' });
    expect(agent.handle(cmd('read_page', { maxChars: 10 }))).toMatchObject({ ok: false, message: expect.stringMatching(/maxChars must be an integer from 500/) });
    expect(agent.handle(cmd('preview', { keys: 'a' }))).toMatchObject({ ok: false, message: expect.stringMatching(/keys must be a list/) });
    expect(agent.handle({ ...cmd('click', { key: 'next' }), runId: '' })).toBeUndefined();
    expect(agent.handle({ ...cmd('click', { key: 'next' }), command: 'eval' })).toBeUndefined();
    expect(agent.handle(cmd('click', { key: 'delete-account' }))).toMatchObject({ ok: false, message: expect.stringMatching(/^click failed: not a button/) });
    expect(agent.handle(cmd('submit_form', { form: 'wizard' }))).toMatchObject({ ok: false, message: expect.stringMatching(/invalid fields/) });
    expect(agent.handle(cmd('click', { key: 'next' }))).toMatchObject({ ok: true, output: { ok: true, key: 'next' } });
  });

  it('answers read_page only once a page reader is loaded in the frame', async () => {
    page = await loadFixture('plain');
    const frame: { reader?: typeof readPage } = {};
    const agent = createPageAgent({ doc: page.doc, docId: 'doc-4', reader: () => frame.reader });
    expect(agent.handle(cmd('read_page'))).toMatchObject({ ok: false, error: 'no-reader', message: NO_READER_MESSAGE });
    frame.reader = readPage;
    expect(agent.handle(cmd('read_page'))).toMatchObject({ ok: true, output: { url: page.doc.URL } });
  });
});

/**
 * The approval card speaks the user's language: every preview's words come from the locale (here German),
 * while what the page and the model wrote (labels, addresses, argument names) stays as written. The model
 * never reads a preview, so nothing in it has to stay English.
 */
import { localeMessage } from '../../harness/locale-messages';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAskUserTool } from '../../../lib/tools/ask-user-tool';
import type { ToolContext } from '../../../lib/tools/define-tool';
import { formatApprovalPreview } from '../../../lib/tools/format-approval-preview';
import { formatActPreview } from '../../../lib/tools/page/format-act-preview';
import { formatActionPreview } from '../../../lib/tools/page/format-action-preview';
import { formatFillPreview } from '../../../lib/tools/page/format-fill-preview';
import { previewMemorySave } from '../../../lib/tools/preview-memory-save';
import type { RunTabAccess } from '../../../lib/tools/tabs/run-tab-access';
import { createNavigateTools } from '../../../lib/tools/tabs/navigate-tools';
import { UserInputInbox } from '../../../lib/tools/user-input-inbox';
import { previewFetch } from '../../../lib/tools/web/preview-fetch';

const inGerman = localeMessage('de');

const ctx = {
  runId: 'r1',
  toolCallId: 't1',
  signal: new AbortController().signal,
  agentPath: [],
  delegate: async () => '',
  now: () => 0,
} satisfies ToolContext;

describe('approval previews in German', () => {
  beforeEach(() => vi.spyOn(chrome.i18n, 'getMessage').mockImplementation(inGerman));
  afterEach(() => vi.restoreAllMocks());

  it('the generic preview: no arguments, and a long value cut with its length as a German number', () => {
    expect(formatApprovalPreview('memory_delete', {})).toBe('memory_delete (keine Argumente)');
    expect(formatApprovalPreview('send', { body: 'x'.repeat(5000) }, 3)).toBe('send\n  body: xxx… (5.000 Zeichen)');
  });

  it('page actions: the sentences are German, page text and argument names are as written', () => {
    const summary = {
      fieldKeys: ['e4'],
      elements: [{ ref: 'e2', role: 'textbox', name: 'Name' }],
      buttons: [
        { key: 'b1', text: 'Weiter', kind: 'link' as const, action: 'https://evil.example/x' },
        { key: 'b2', text: 'Kaufen', kind: 'submit' as const, form: 'f' },
      ],
      forms: [{ key: 'f', label: 'Kasse', action: 'https://pay.example/', method: 'post' }],
    };
    expect(
      formatActPreview({ action: 'type', ref: 'e2', text: 'Ada', clear: false }, summary, 'https://shop.example'),
    ).toBe(
      'type\n  ref: e2\n  text: "Ada" (wird an den vorhandenen Text angehängt)\n  auf textbox „Name“\n  auf https://shop.example',
    );
    expect(formatActPreview({ action: 'press', key: 'Enter' }, summary, undefined)).toBe(
      'press\n  key: Enter\n  auf dem Element, das gerade den Fokus hat',
    );
    expect(
      formatActionPreview({ toolName: 'click', input: { key: 'b1' } }, summary, 'https://shop.example').split('\n'),
    ).toEqual([
      'click',
      '  key: b1',
      '  Link „Weiter“',
      '  führt zu https://evil.example/x (eine andere Website als die Seite)',
      '  auf https://shop.example',
    ]);
    expect(
      formatActionPreview({ toolName: 'click', input: { key: 'b2' } }, summary, 'https://pay.example').split('\n')[3],
    ).toBe('  sendet Formular „Kasse“ (f) an POST https://pay.example/');
    expect(formatActionPreview({ toolName: 'submit_form', input: { form: 'g' } }, undefined, undefined)).toBe(
      'submit_form\n  form: g\n  sendet Formular „g“ ab',
    );
  });

  it('fill_form: checkbox states, empty values and unknown keys in German', () => {
    const current = { news: { label: 'Newsletter', value: false }, name: { label: 'Name', value: '' } };
    expect(
      formatFillPreview({ news: true, name: 'Ada', nope: 'x' }, current, 'https://shop.example').split('\n'),
    ).toEqual([
      'fill_form',
      '  Newsletter (news): nicht angekreuzt → angekreuzt',
      '  Name (name): (leer) → "Ada"',
      '  nope: kein Feld des Formulars (wird ignoriert)',
      '  auf https://shop.example',
    ]);
  });

  it('ask_user, memory_save, fetch_url and open_tab', async () => {
    expect(await createAskUserTool(new UserInputInbox()).preview!({ question: 'Melden Sie sich an' }, ctx)).toBe(
      'Sie sind dran: Melden Sie sich an',
    );
    expect(previewMemorySave({ text: 'Mag Tee', tags: ['a'] }, undefined)).toBe(
      'Merken: Mag Tee\nTags: a\nGespeichert von: (keine Seite geöffnet)',
    );
    expect(previewFetch('http://127.0.0.1:9000/p')).toBe(
      'http://127.0.0.1:9000/p lesen\nDies ist ein Server auf Ihrem eigenen Computer (127.0.0.1:9000).\nWird ohne Ihre Cookies oder Anmeldungen gesendet.',
    );
    const openTab = createNavigateTools({} as RunTabAccess).find((tool) => tool.name === 'open_tab')!;
    expect(await openTab.preview!({ url: 'https://example.com/' }, ctx)).toBe(
      'Einen neuen Tab mit https://example.com/ öffnen (im Hintergrund)',
    );
  });
});

import { describe, expect, it } from 'vitest';
import type { PageCommandName, PageCommandOutput } from '../../../../lib/page/page-command';
import { pageAnswerSchema, pageCommandOutputs } from '../../../../lib/tools/page/page-reply-schema';

/** One full output per command, every optional field set, so a field the schema forgot would be stripped and fail. */
const samples: { [K in PageCommandName]: PageCommandOutput<K> } = {
  read_page: {
    title: 'T',
    url: 'https://a.example/',
    lang: 'en',
    markdown: '# T',
    headings: [{ level: 1, text: 'T' }],
    selection: 'sel',
    totalChars: 3,
    offset: 0,
    nextOffset: 3,
    totalCharsEstimated: true,
  },
  get_form_state: {
    fields: [
      {
        key: 'email',
        label: 'Email',
        type: 'email',
        value: '',
        options: [{ value: 'a', label: 'A' }],
        required: true,
        constraints: { pattern: '.+', min: '1', max: '9', minLength: 1, maxLength: 9, step: '1' },
        form: 'signup',
        group: 'You',
        frame: 'inner',
      },
    ],
    buttons: [{ key: 'send', text: 'Send', kind: 'submit', form: 'signup' }],
    forms: [{ key: 'signup', label: 'Sign up' }],
    passwords: [{ key: 'password', label: 'Password', writeOnly: true, form: 'signup' }],
    pageTools: [
      {
        name: 'search',
        description: 'Finds products',
        inputSchema: { type: 'object', properties: { q: { type: 'string' } } },
        readOnly: false,
        source: 'form',
        action: 'https://a.example/s',
        method: 'get',
      },
    ],
    offers: 'This page offers: search',
  },
  get_page_state: {
    title: 'T',
    url: 'https://a.example/',
    total: 3,
    offset: 0,
    nextOffset: 2,
    notice: 'n',
    pageTools: [
      {
        name: 'search',
        description: 'Finds products',
        inputSchema: { type: 'object', properties: { q: { type: 'string' } } },
        readOnly: false,
        source: 'form',
        action: 'https://a.example/s',
        method: 'get',
      },
    ],
    offers: 'This page offers: search',
    elements: [
      {
        ref: 'e1',
        role: 'textbox',
        name: 'Email',
        type: 'email',
        value: 'a',
        options: [{ value: 'a', label: 'A' }],
        checked: 'mixed',
        selected: true,
        expanded: false,
        disabled: true,
        required: true,
        constraints: { min: '1' },
        href: 'https://a.example/x',
        submits: 'r1',
        writeOnly: true,
        inView: true,
        frame: 'f',
      },
    ],
    regions: [{ ref: 'r1', kind: 'form', name: 'Sign up', count: 2, action: 'https://a.example/s', method: 'post' }],
    dialog: { ref: 'r2', name: 'Confirm' },
  },
  act: {
    action: 'type',
    ref: 'e1',
    did: 'typed',
    value: 'x',
    changes: {
      navigated: 'https://a.example/#2',
      unloading: true,
      dialogsOpened: [{ ref: 'r3', name: 'D' }],
      dialogsClosed: 1,
      valuesChanged: [{ ref: 'e1', name: 'N', value: 'v' }],
      appeared: [{ ref: 'e9', role: 'option', name: 'O' }],
      moreAppeared: 2,
      disappeared: 1,
      focused: 'N',
    },
  },
  fill_form: {
    written: [{ key: 'tags', value: ['a'] }],
    ignored: [{ key: 'x', reason: 'r' }],
    failed: [{ key: 'y', reason: 'r' }],
  },
  click: { ok: true, key: 'next', text: 'Next' },
  submit_form: {
    ok: false,
    key: 'signup',
    reason: 'the form has invalid fields',
    invalid: [{ key: 'email', message: 'Fill this in' }],
  },
  preview: { name: { label: 'Name', value: 'Ada' }, admin: null },
  identify: [
    { kind: 'element', ref: 'e1', role: 'button', name: 'Send', action: 'https://a.example/send', method: 'post' },
    { kind: 'focus', ref: '', role: 'link', name: 'Help', href: 'https://a.example/help' },
  ],
  undo: { restored: [{ key: 'on', value: true }], failed: [{ key: 'gone', reason: 'the field is gone' }] },
  fill_password: { ref: 'e2', filled: true },
  screenshot_prepare: { masked: 2, labelled: 5 },
  screenshot_done: { removed: true },
  describe_tool: {
    name: 'search',
    description: 'Finds products',
    inputSchema: { type: 'object', properties: { q: { type: 'string' } } },
    readOnly: false,
    source: 'form',
    action: 'https://a.example/s',
    method: 'get',
  },
  call_tool: {
    tool: 'search',
    form: {
      written: [{ key: 'q', value: 'tea' }],
      ignored: [],
      failed: [],
      submitted: false,
      reason: 'r',
      invalid: [{ key: 'q', message: 'm' }],
    },
    result: '{}',
    cut: true,
  },
};

describe('pageAnswerSchema', () => {
  it("keeps every field of every command's output", () => {
    for (const name of Object.keys(samples) as PageCommandName[]) {
      expect(pageCommandOutputs[name].parse(samples[name]), name).toEqual(samples[name]);
      const reply = { docId: 'd1', url: 'https://a.example/', outcome: { ok: true, output: samples[name] } };
      expect(pageAnswerSchema(name).parse(reply), name).toEqual(reply);
    }
  });

  it('refuses output of another shape, unknown field types and unknown errors', () => {
    const where = { docId: 'd1', url: 'https://a.example/' };
    expect(
      pageAnswerSchema('read_page').safeParse({ ...where, outcome: { ok: true, output: samples.fill_form } }).success,
    ).toBe(false);
    const badField = { ...samples.get_form_state, fields: [{ ...samples.get_form_state.fields[0], type: 'password' }] };
    expect(
      pageAnswerSchema('get_form_state').safeParse({ ...where, outcome: { ok: true, output: badField } }).success,
    ).toBe(false);
    expect(
      pageAnswerSchema('click').safeParse({ ...where, outcome: { ok: false, error: 'exploded', message: 'x' } })
        .success,
    ).toBe(false);
    expect(
      pageAnswerSchema('click').safeParse({ ...where, outcome: { ok: false, error: 'no-reader', message: 'x' } })
        .success,
    ).toBe(true);
    expect(pageAnswerSchema('click').safeParse({ outcome: { ok: true, output: samples.click } }).success).toBe(false);
  });
});

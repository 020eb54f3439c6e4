import { describe, expect, it } from 'vitest';
import { wrapUntrusted } from '../../../lib/agent/wrap-untrusted';
import type { RunPart } from '../../../lib/core/run-part';
import { cardFor } from '../../../components/sidepanel/cards/card-registry';
import { GenericCard } from '../../../components/sidepanel/cards/GenericCard';
import { hasToolTitle, toolTitle } from '../../../components/ui/tool-title';
import { describeFill } from '../../../components/sidepanel/cards/describe-fill';
import { describeFormState, MASK } from '../../../components/sidepanel/cards/describe-form-state';
import { describeKeyValues } from '../../../components/sidepanel/cards/describe-generic';
import { describeReadPage } from '../../../components/sidepanel/cards/describe-read-page';
import { describeSearchHistory } from '../../../components/sidepanel/cards/describe-search-history';
import { describeTabs } from '../../../components/sidepanel/cards/describe-tabs';
import { describeMemories, summariseTool } from '../../../components/sidepanel/cards/describe-tool-summary';
import { describeUndo } from '../../../components/sidepanel/cards/describe-undo';
import { outputOf, resultOf } from '../../../components/sidepanel/cards/result-of';

type ToolPart = Extract<RunPart, { kind: 'tool' }>;
const wrap = (value: unknown) =>
  wrapUntrusted('page_content', typeof value === 'string' ? value : JSON.stringify(value), 'b0undary1', 'read_page');
const tool = (toolName: string, over: Partial<ToolPart> = {}): ToolPart => ({
  kind: 'tool',
  toolCallId: toolName,
  toolName,
  status: 'done',
  ...over,
});

const formState = {
  fields: [
    { key: 'fullName', label: 'Full name', type: 'text', value: 'Grace', required: true },
    { key: 'news', label: 'Send me the newsletter', type: 'checkbox', value: false, required: false },
    { key: 'pin', label: 'Bank PIN', type: 'text', value: '1234', required: false },
    { key: 'topics', label: 'Topics', type: 'select-multiple', value: [], required: false },
  ],
  buttons: [{ key: 'go', text: 'Sign up', kind: 'submit' }],
  forms: [],
};

describe('reading a tool result kept as a string (older messages)', () => {
  it('takes off the data-block wrapper, keeps that it was untrusted, and parses JSON', () => {
    expect(resultOf(tool('read_page', { output: wrap({ a: 1 }) }))).toEqual({
      value: { a: 1 },
      untrusted: 'page_content',
    });
    expect(resultOf(tool('read_page', { output: 'plain words' }))).toEqual({ value: 'plain words' });
    expect(resultOf(tool('read_page', { output: '{cut short' }))).toEqual({ value: '{cut short' });
    // A typed result is read as it is.
    expect(outputOf(tool('read_page', { result: { value: { a: 1 }, untrusted: 'page_content' } }))).toEqual({ a: 1 });
  });

  it('shows outside text without the characters a person cannot see, as the model read it', () => {
    const hidden = 'Pay\u202e\u200b moc.evil\u{E0041}';
    expect(
      outputOf(
        tool('read_page', { result: { value: { title: hidden, n: 1, list: [hidden] }, untrusted: 'page_content' } }),
      ),
    ).toEqual({ title: 'Pay moc.evil', n: 1, list: ['Pay moc.evil'] });
    expect(
      resultOf(
        tool('mcp_x', {
          status: 'error',
          result: { error: 'failed:', untrustedDetail: hidden, untrusted: 'page_content' },
        }),
      ),
    ).toEqual({ error: 'failed:', untrustedDetail: 'Pay moc.evil', untrusted: 'page_content' });
    // The tool's own data (not outside text) is shown as it is.
    expect(outputOf(tool('fill_form', { result: { value: { note: hidden } } }))).toEqual({ note: hidden });
  });
});

describe('card summaries', () => {
  it('read_page: title, host, words read, whether it is part of the page, and a plain-text excerpt', () => {
    const page = describeReadPage({
      title: 'Docs',
      url: 'https://docs.example/a?b',
      lang: 'en',
      markdown: '# Hello\n\nSome **bold** [link](https://x.example) text.',
      headings: [],
      totalChars: 900,
      offset: 0,
      nextOffset: 500,
    });
    expect(page).toEqual({
      title: 'Docs',
      url: 'https://docs.example/a?b',
      host: 'docs.example',
      words: 5,
      partial: true,
      excerpt: 'Hello Some bold link text.',
    });
    expect(describeReadPage({ nope: 1 })).toBeUndefined();
  });

  it('get_form_state: one row per field with its type and value as a person reads it; secrets masked', () => {
    const s = describeFormState(formState)!;
    expect(s.fields.map((f) => [f.label, f.type, f.value])).toEqual([
      ['Full name', 'text', 'Grace'],
      ['Send me the newsletter', 'checkbox', 'unchecked'],
      ['Bank PIN', 'text', MASK],
      ['Topics', 'select-multiple', '(none)'],
    ]);
    expect(s.fields[0]!.required).toBe(true);
    expect(s.buttons).toEqual([{ key: 'go', text: 'Sign up', kind: 'submit' }]);
  });

  it('fill_form: old → new per field from the form state read before it, and what the page read back', () => {
    const state = tool('get_form_state', { result: { value: formState, untrusted: 'page_content' } });
    const fill = tool('fill_form', {
      input: { updates: { fullName: 'Ada', news: true, pin: '9999', admin: 'true' } },
      result: {
        value: {
          written: [
            { key: 'fullName', value: 'Ada L.' },
            { key: 'news', value: true },
            { key: 'pin', value: '9999' },
          ],
          ignored: [{ key: 'admin', reason: 'not a field of the form' }],
          failed: [],
        },
      },
    });
    expect(describeFill(fill, [state, { kind: 'text', text: 'x' }, fill])).toEqual([
      {
        key: 'fullName',
        label: 'Full name',
        before: 'Grace',
        after: 'Ada',
        result: 'written',
        note: 'the page shows Ada L.',
      },
      { key: 'news', label: 'Send me the newsletter', before: 'unchecked', after: 'checked', result: 'written' },
      { key: 'pin', label: 'Bank PIN', before: MASK, after: MASK, result: 'written' },
      {
        key: 'admin',
        label: 'admin',
        after: 'true',
        result: 'ignored',
        note: 'not a field of the form',
        unknown: true,
      },
    ]);
    // A form state read after the fill is not where its old values came from.
    expect(describeFill(fill, [fill, state])[0]).not.toHaveProperty('before');
  });

  it('search_history: passages with their source (fragment URL first), long ones cut; the note when nothing is kept', () => {
    const found = describeSearchHistory({
      passages: [
        {
          title: 'Rust book',
          url: 'https://doc.rust-lang.org/book/',
          fragmentUrl: 'https://doc.rust-lang.org/book/#:~:text=own',
          visitedAt: '2026-01-01T00:00:00.000Z',
          snippet: 'Ownership   is\nRust’s most unique feature',
          text: 'long',
        },
      ],
    })!;
    expect(found.passages).toEqual([
      {
        title: 'Rust book',
        url: 'https://doc.rust-lang.org/book/#:~:text=own',
        host: 'doc.rust-lang.org',
        text: 'Ownership is Rust’s most unique feature',
        visitedAt: '2026-01-01T00:00:00.000Z',
      },
    ]);
    expect(describeSearchHistory({ passages: [], note: 'Remembering is off.' })).toEqual({
      passages: [],
      note: 'Remembering is off.',
    });
  });

  it('list_tabs: each line a tab, the active one marked; anything else is left as text', () => {
    expect(describeTabs('* [tab 12] Inbox <https://mail.example/u/0>\n- [tab 3] (untitled) <about:blank>')).toEqual([
      { title: 'Inbox', url: 'https://mail.example/u/0', host: 'mail.example', active: true },
      { title: '(untitled)', url: 'about:blank', host: '', active: false },
    ]);
    // Lines written before the ids were added read the same.
    expect(describeTabs('- Inbox <https://mail.example/u/0>')).toEqual([
      { title: 'Inbox', url: 'https://mail.example/u/0', host: 'mail.example', active: false },
    ]);
    // A title that itself starts like an id is kept whole after the real one.
    expect(describeTabs('- [tab 4] [tab 9] Fake <https://x.example/>')![0]!.title).toBe('[tab 9] Fake');
    expect(describeTabs('No tabs are open in this window.')).toBeUndefined();
  });

  it('memory tools, load_skill and delegate: one short line each; memory_search lists its memories', () => {
    expect(summariseTool(tool('memory_save', { input: { text: 'Parking B12' } }))).toBe('Remembered: “Parking B12”');
    expect(summariseTool(tool('memory_save', { status: 'awaiting-approval', input: { text: 'Parking B12' } }))).toBe(
      'Remember: “Parking B12”',
    );
    expect(summariseTool(tool('memory_delete', { input: { id: 'm1' } }))).toBe('Forgot memory m1');
    expect(summariseTool(tool('load_skill', { input: { name: 'summarise' }, result: { value: 'a\nb\nc' } }))).toBe(
      'Loaded the skill “summarise” (3 lines of instructions)',
    );
    expect(
      summariseTool(tool('delegate', { status: 'running', input: { agent: 'researcher', task: 'Find prices' } })),
    ).toBe('Handed to the researcher agent: Find prices');
    expect(describeMemories([{ id: 'm', text: 'Likes tea', tags: ['food'], savedAt: 'x' }])).toEqual([
      { text: 'Likes tea', tags: ['food'], savedAt: 'x' },
    ]);
  });

  it('an unknown tool (a future MCP tool) gets key/value rows, one line each', () => {
    expect(toolTitle('mcp_weather')).toBe('mcp_weather');
    expect(toolTitle('read_page')).toBe('Read the page');
    expect(hasToolTitle('mcp_weather')).toBe(false);
    expect(cardFor('mcp_weather').Body).toBe(GenericCard);
    // A tool with a card of its own has a title of its own (the cards and Performance both show it).
    for (const name of ['read_page', 'fill_form', 'list_tabs', 'memory_save', 'open_tab', 'wait_for'])
      expect([name, cardFor(name).Body !== GenericCard, hasToolTitle(name)]).toEqual([name, true, true]);
    expect(describeKeyValues({ city: 'Oslo', forecast: { temp: 3 }, note: 'a\nb' })).toEqual([
      { key: 'city', value: 'Oslo' },
      { key: 'forecast', value: '{"temp":3}' },
      { key: 'note', value: 'a b' },
    ]);
    expect(describeKeyValues(['x', 2])).toEqual([
      { key: '1', value: 'x' },
      { key: '2', value: '2' },
    ]);
    expect(describeKeyValues('text')).toBeUndefined();
  });

  it("Undo in words: what was restored, named by the page's labels, what was not and why", () => {
    const labels = new Map([
      ['fullName', 'Full name'],
      ['news', 'Send me the newsletter'],
      ['b', 'Street'],
    ]);
    // Named in the page's order, whatever order the page restored them in.
    expect(describeUndo({ restored: ['news', 'fullName'], failed: [] }, labels)).toEqual({
      ok: true,
      headline: 'Restored 2 fields: Full name, Send me the newsletter.',
      details: [],
    });
    // A key the form did not label stays a key.
    expect(describeUndo({ restored: ['a'], failed: [{ key: 'b', reason: 'the field is gone' }] }, labels)).toEqual({
      ok: false,
      headline: 'Restored 1 field: a. 1 field could not be restored.',
      details: ['Street: the field is gone'],
    });
    // Many fields: the count says how many, the first six are named, then how many more.
    const keys = Array.from({ length: 15 }, (_, i) => `f${i}`);
    const many = describeUndo({ restored: keys, failed: [] }, new Map(keys.map((k, i) => [k, `Field ${i + 1}`])));
    expect(many.headline).toBe('Restored 15 fields: Field 1, Field 2, Field 3, Field 4, Field 5, Field 6, 9 more.');
    expect(describeUndo({ error: 'The tab of that fill is closed.' })).toEqual({
      ok: false,
      headline: 'Could not undo: The tab of that fill is closed.',
      details: [],
    });
  });
});

describe('the read_page excerpt', () => {
  it('shows text that looks like markup as the page showed it (escaped Markdown is text, not a link)', () => {
    const markdown =
      '# Winner\n\n<img src="http://x/b"> \\!\\[logo\\](http://x/i) \\[Claim\\](http://x/l) a\\_b and a [real link](http://x/r)';
    const page = describeReadPage({ title: 't', url: 'http://x/', markdown });
    expect(page?.excerpt).toBe(
      'Winner <img src="http://x/b"> ![logo](http://x/i) [Claim](http://x/l) a_b and a real link',
    );
  });
});

describe('click and submit_form', () => {
  it('say what was pressed or sent, or why not, and list what the page found invalid', async () => {
    const { describeAction } = await import('../../../components/sidepanel/cards/describe-action');
    expect(describeAction(tool('click', { status: 'awaiting-approval', input: { key: 'next' } }))).toEqual({
      line: 'Click next',
      invalid: [],
    });
    expect(
      describeAction(
        tool('click', { input: { key: 'next' }, result: { value: { ok: true, key: 'next', text: 'Next step' } } }),
      ),
    ).toEqual({ line: 'Clicked “Next step”', invalid: [] });
    expect(
      describeAction(
        tool('submit_form', {
          input: { form: 'f' },
          result: {
            value: {
              ok: false,
              key: 'f',
              reason: 'the form is gone',
              invalid: [{ key: 'email', message: 'Please include an @' }],
            },
          },
        }),
      ),
    ).toEqual({ line: 'Not submitted: the form is gone', invalid: [{ key: 'email', message: 'Please include an @' }] });
  });
});

// The page tools on widgets built with real npm libraries (the task gallery's lib-*.html pages): each test
// drives the agent as the background does and reads what the app itself believes (#state).
import { afterEach, describe, expect, it } from 'vitest';
import { loadFixture, settle, type LoadedFixture } from './load-fixture';
import { agentOn } from './lib-agent';

let page: LoadedFixture;
afterEach(() => page?.remove());

describe('Radix UI widgets', () => {
  it('chooses an option of a Radix Select (opens on pointerdown, in a portal) and reads the choice back', async () => {
    page = await loadFixture('lib-settings');
    const { act, snapshot, ref } = agentOn(page.doc);
    const out = await act('select', { ref: ref(await snapshot(), 'Plan', 'combobox'), option: 'Team' });
    await settle();
    expect(page.state().plan).toBe('team');
    // The answer reads back what the trigger shows now, not its label.
    expect(out.output?.value).toMatch(/^Team/);
  });

  it('opens a Radix submenu on hover and lists its items as appeared', async () => {
    page = await loadFixture('lib-people');
    const { call, act, snapshot, ref, find } = agentOn(page.doc);
    const opened = await call('click', { key: ref(await snapshot(), 'Actions for Grace Hopper', 'button') });
    const items = opened.output?.changes?.appeared ?? [];
    const hovered = await act('hover', { ref: find(items, /^Move to/, 'menuitem') });
    const teams = hovered.output?.changes?.appeared ?? [];
    expect(teams.map((t) => t.name)).toEqual(['Research', 'Flight', 'Archive']);
    expect(await call('click', { key: find(teams, 'Archive', 'menuitem') })).toMatchObject({
      ok: true,
      output: { ok: true },
    });
    await settle();
    expect(page.state().people).toContain('Grace Hopper (Archive)');
  });
});

describe('a TipTap (ProseMirror) editor', () => {
  const START = 'Thanks for your order. The parcel ships on Monday. Reply to this note with any questions.';

  it('types at the end of what the editor holds when clear is false', async () => {
    page = await loadFixture('lib-editor');
    const { act, snapshot, ref } = agentOn(page.doc);
    await act('type', {
      ref: ref(await snapshot(), 'Reply to customer', 'textbox'),
      text: ' Tracking follows.',
      clear: false,
    });
    await settle();
    expect(page.state().text).toBe(`${START} Tracking follows.`);
  });

  it('selects a sentence by its text so the toolbar formats it, and typing then replaces the selection', async () => {
    page = await loadFixture('lib-editor');
    const { call, act, snapshot, ref } = agentOn(page.doc);
    const state = await snapshot();
    const editor = ref(state, 'Reply to customer', 'textbox');
    const chosen = await act('select', { ref: editor, option: 'The parcel ships on Monday.' });
    expect(chosen).toMatchObject({
      ok: true,
      output: { did: 'selected the text "The parcel ships on Monday." in "Reply to customer"' },
    });
    await call('click', { key: ref(state, 'Bold', 'button') });
    await settle();
    expect(page.state().html).toBe(
      '<p>Thanks for your order. <strong>The parcel ships on Monday.</strong> Reply to this note with any questions.</p>',
    );
    await act('select', { ref: editor, option: 'Monday' });
    await act('type', { ref: editor, text: 'Tuesday', clear: false });
    await settle();
    expect(page.state().text).toBe(START.replace('Monday', 'Tuesday'));
  });

  it('refuses text that is not there or is there twice, saying why', async () => {
    page = await loadFixture('lib-editor');
    const { act, snapshot, ref } = agentOn(page.doc);
    const editor = ref(await snapshot(), 'Reply to customer', 'textbox');
    expect((await act('select', { ref: editor, option: 'The parcel ships on Friday.' })).message).toMatch(
      /is not in the field/,
    );
    expect((await act('select', { ref: editor, option: 'on' })).message).toMatch(/occurs more than once/);
    await settle();
    expect(page.state().text).toBe(START);
  });
});

describe('react-datepicker behind a read-only input', () => {
  it('opens the calendar with a click, scopes a snapshot to the dialog the click reported, and picks a day', async () => {
    page = await loadFixture('lib-dates');
    const { call, act, snapshot, ref, find } = agentOn(page.doc);
    const field = ref(await snapshot(), 'Return pickup', 'textbox');
    // Typing is refused with the way in: the picker.
    expect((await act('type', { ref: field, text: '24/12/2026' })).message).toMatch(
      /read-only.*click it and choose in the picker/,
    );
    const opened = await call('click', { key: field });
    const calendar = opened.output?.changes?.dialogsOpened?.[0]?.ref;
    expect(calendar).toBeDefined();
    // More days appeared than an action lists: the calendar alone is snapshotted by the ref the click gave.
    const days = (await call('get_page_state', { scope: calendar })).output as unknown as {
      elements: { ref: string; role: string; name: string }[];
    };
    expect(days.elements.length).toBeGreaterThan(28);
    await call('click', { key: find(days.elements, /December 24th, 2026$/) });
    await settle();
    expect(page.state().pickup).toBe('2026-12-24');
  });
});

describe('react-select', () => {
  it('chooses an option of an async search once it arrives, and says what the control shows afterwards', async () => {
    page = await loadFixture('lib-shipping');
    const { act, snapshot, ref } = agentOn(page.doc);
    const before = await snapshot();
    expect(before.elements.find((e) => e.name === 'Shipping country')?.shows).toBeUndefined();
    const out = await act('select', { ref: ref(before, 'Shipping country', 'combobox'), option: 'Portugal' });
    await settle();
    expect(page.state().country).toBe('portugal');
    expect(out.output?.did).toBe('chose "Portugal" in "Shipping country" (it shows "Portugal")');
    // react-select made its input transparent after the choice: it stays listed, with what it shows.
    const after = await snapshot();
    expect(after.elements.find((e) => e.name === 'Shipping country')).toMatchObject({ value: '', shows: 'Portugal' });
  });

  it('lists every chosen value of a multi-select', async () => {
    page = await loadFixture('lib-shipping');
    const { act, snapshot, ref } = agentOn(page.doc);
    const tags = ref(await snapshot(), 'Tags', 'combobox');
    await act('select', { ref: tags, option: 'Gift' });
    await act('select', { ref: tags, option: 'Express' });
    await settle();
    expect(page.state().tags).toEqual(['gift', 'express']);
    expect((await snapshot()).elements.find((e) => e.name === 'Tags')?.shows).toBe('Gift, Express');
  });
});

describe('a transparent combobox input', () => {
  it('is listed only while the control around it shows a choice (a transparent honeypot is not)', async () => {
    const host = document.createElement('div');
    host.innerHTML = `<div><div><span>Chosen: Lisbon</span><input role="combobox" aria-label="City" style="opacity:0"></div></div>
      <div><div><input role="combobox" aria-label="Trap" style="opacity:0"></div></div>
      <div><div><span>Shown</span><input role="combobox" aria-label="Skipped" tabindex="-1" style="opacity:0"></div></div>`;
    document.body.appendChild(host);
    try {
      const { snapshot } = agentOn(document);
      const names = (await snapshot()).elements.map((e) => e.name);
      expect(names).toContain('City');
      expect(names).not.toContain('Trap');
      expect(names).not.toContain('Skipped');
    } finally {
      host.remove();
    }
  });
});

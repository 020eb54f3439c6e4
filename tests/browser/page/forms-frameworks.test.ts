import { afterEach, describe, expect, it } from 'vitest';
import { fillForm, snapshotForms, undoFill } from '../../../lib/page';
import { loadFixture, settle, type LoadedFixture } from './load-fixture';
import { sharedFormExpectedState, sharedFormUpdates } from '../../fixtures/pages/shared-form-fill';

const pages = ['react', 'vue', 'svelte', 'plain', 'shadow', 'iframe'] as const;
const SHARED_KEYS = ['fullName', 'email', 'age', 'birthday', 'country', 'plan', 'newsletter', 'bio', 'notes', 'city'];

const updates = sharedFormUpdates;
const expectedState = sharedFormExpectedState;

describe.each(pages)('forms on the %s page', (name) => {
  let page: LoadedFixture;
  afterEach(() => page?.remove());

  it('lists every field type once, with labels and options, and never the password or honeypot', async () => {
    page = await loadFixture(name);
    const snap = snapshotForms(page.doc);
    const keys = snap.fields.map((f) => f.key);
    for (const key of SHARED_KEYS) expect(keys).toContain(key);
    expect(keys.some((k) => /password|website/i.test(k))).toBe(false);
    expect(snap.fields.some((f) => /password|website/i.test(f.label))).toBe(false);
    // The password is listed apart, write-only: a key and a label, never a value.
    expect(snap.passwords).toEqual([
      {
        key: expect.any(String),
        label: expect.stringMatching(/password/i),
        writeOnly: true,
        ...(snap.passwords?.[0]?.form ? { form: snap.passwords[0].form } : {}),
      },
    ]);
    const byKey = Object.fromEntries(snap.fields.map((f) => [f.key, f]));
    expect(byKey.fullName).toMatchObject({ label: 'Full name', type: 'text', required: true, value: '' });
    expect(byKey.email).toMatchObject({ label: 'Email', type: 'email' });
    expect(byKey.age).toMatchObject({ type: 'number', constraints: { min: '0', max: '130' } });
    expect(byKey.birthday?.type).toBe('date');
    expect(byKey.country).toMatchObject({
      type: 'select',
      value: 'de',
      options: [
        { value: 'de', label: 'Germany' },
        { value: 'fr', label: 'France' },
        { value: 'us', label: 'United States' },
      ],
    });
    expect(byKey.plan).toMatchObject({ type: 'radio', label: 'Plan', value: 'free' });
    expect(byKey.plan?.options?.map((o) => o.label)).toEqual(['Free', 'Pro', 'Team']);
    expect(snap.fields.filter((f) => f.type === 'radio')).toHaveLength(1);
    expect(byKey.newsletter).toMatchObject({ type: 'checkbox', value: false, label: 'Send me the newsletter' });
    expect(byKey.bio).toMatchObject({ type: 'textarea', constraints: { maxLength: 200 } });
    expect(byKey.notes).toMatchObject({ type: 'contenteditable', label: 'Notes' });
    expect(byKey.city?.options?.map((o) => o.value)).toEqual(['Berlin', 'Paris', 'Lisbon']);
    expect(byKey.fullName?.group).toBe('About you');
    expect(snap.buttons.find((b) => b.text === 'Create account')).toMatchObject({ kind: 'submit' });
    if (name === 'iframe') expect(byKey.fullName?.frame).toBe('Signup frame');
    expect(snapshotForms(page.doc).fields.map((f) => f.key)).toEqual(keys);
  });

  it('fills every field so the framework state sees it, and undo restores it', async () => {
    page = await loadFixture(name);
    const before = page.state();
    const { allowlist } = snapshotForms(page.doc);
    const result = fillForm(allowlist, updates, { highlightMs: 10 });
    expect(result.failed).toEqual([]);
    expect(result.ignored).toEqual([]);
    expect(result.written.map((w) => w.key).sort()).toEqual(Object.keys(updates).sort());
    await settle();
    const state = page.state();
    expect(state).toMatchObject(expectedState);
    expect(String(state.age)).toBe('36');

    const undone = undoFill(result.undo);
    expect(undone.failed).toEqual([]);
    await settle();
    const restored = page.state();
    expect({ ...restored, age: String(restored.age ?? '') }).toEqual({ ...before, age: String(before.age ?? '') });
  });

  it('ignores keys outside the snapshot and writes nothing for them', async () => {
    page = await loadFixture(name);
    const before = page.state();
    const { allowlist } = snapshotForms(page.doc);
    const result = fillForm(allowlist, {
      admin: true,
      password: 'hunter2',
      website: 'http://spam.example',
      role: 'owner',
    });
    expect(result.written).toEqual([]);
    expect(result.ignored.map((i) => i.key).sort()).toEqual(['admin', 'password', 'role', 'website']);
    await settle();
    expect(page.state()).toEqual(before);
    const root = page.stateDoc.querySelector('signup-card')?.shadowRoot ?? page.stateDoc;
    expect((root.querySelector('input[type="password"]') as HTMLInputElement).value).toBe('');
    expect((root.querySelector('input[name="website"]') as HTMLInputElement).value).toBe('');
  });

  it('reports values the field cannot take as failed, with a reason', async () => {
    page = await loadFixture(name);
    const { allowlist } = snapshotForms(page.doc);
    const result = fillForm(allowlist, {
      country: 'Narnia',
      plan: 'enterprise',
      birthday: '12/10/1815',
      email: 'not an email',
      bio: 'x'.repeat(201),
      newsletter: 'maybe',
    });
    const reasons = Object.fromEntries(result.failed.map((f) => [f.key, f.reason]));
    expect(Object.keys(reasons).sort()).toEqual(['bio', 'birthday', 'country', 'email', 'newsletter', 'plan']);
    expect(reasons.country).toMatch(/not among the options.*"fr"/);
    expect(reasons.email).toMatch(/rejects/);
    expect(reasons.bio).toMatch(/maxlength/);
    expect(result.written).toEqual([]);
  });
});

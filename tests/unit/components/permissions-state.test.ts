/**
 * Settings → Permissions' "Read only" switch: it shows the user's change at once, a reload that set out before the
 * change (the page's focus reloads it) does not put it back, and a change the worker refused is undone.
 */
import { describe, expect, it, vi } from 'vitest';

let stored = { readOnly: true };
let refuse = false;
const pending: (() => void)[] = [];
vi.mock('../../../lib/background/send-to-background', () => ({
  sendToBackground: async (name: string, data: { readOnly?: boolean }) => {
    if (name === 'permissions.list') return { grants: [], denied: [] };
    if (name === 'settings.get') {
      const seen = { ...stored };
      // The read is answered only when the test lets it: what it read is the setting before the change.
      await new Promise<void>((go) => pending.push(go));
      return seen;
    }
    if (name === 'settings.update') {
      if (refuse) throw new Error('The settings could not be saved');
      stored = { readOnly: data.readOnly === true };
      return stored;
    }
    throw new Error(`unexpected ${name}`);
  },
}));
const { createPermissionsState } = await import('../../../components/options/permissions-state');

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('the read-only switch', () => {
  it('a reload that read the old setting does not undo the change made meanwhile', async () => {
    stored = { readOnly: true };
    const state = createPermissionsState();
    const loading = state.load();
    await settle();
    pending.shift()!();
    await loading;
    expect(state.readOnly.value).toBe(true);
    // The page gets focus (a reload sets out, reading "on"), then the user turns the switch off.
    const reload = state.load();
    await settle();
    const change = state.setReadOnly(false);
    expect(state.readOnly.value).toBe(false);
    await change;
    pending.shift()!();
    await reload;
    expect(state.readOnly.value).toBe(false);
    expect(stored.readOnly).toBe(false);
  });

  it('a change the worker refused puts the switch back and says why', async () => {
    stored = { readOnly: false };
    const state = createPermissionsState();
    const loading = state.load();
    await settle();
    pending.shift()!();
    await loading;
    refuse = true;
    await state.setReadOnly(true);
    refuse = false;
    expect(state.readOnly.value).toBe(false);
    expect(state.error.value).toBeTruthy();
  });
});

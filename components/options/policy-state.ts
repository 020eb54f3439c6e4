/**
 * The organisation's policy as the extension's pages show it: read from the worker (`policy.get`, which checked it
 * key by key) and read again whenever Chrome reports the managed area changed, so Settings and the panel follow a
 * policy change without a reload. One model per page, shared by every section.
 */
import { signal } from '@preact/signals';
import { sendToBackground } from '../../lib/background/send-to-background';
import type { PolicyView } from '../../lib/background/protocol';
import type { ManagedPolicy } from '../../lib/policy/managed-policy';

const EMPTY: PolicyView = { policy: {}, rejected: [] };

/** The policy now (no policy until the first answer). */
export const policyView = signal<PolicyView>(EMPTY);

const listeners = new Set<() => void>();
let started = false;

/** Reads the policy from the worker; a failure keeps the last one (Settings still works without it). */
export async function loadPolicy(): Promise<PolicyView> {
  try {
    policyView.value = await sendToBackground('policy.get', {});
  } catch (error) {
    console.warn('Tabwise: could not read the policy', error);
  }
  for (const listener of listeners) listener();
  return policyView.value;
}

/** Starts following the managed area (once per page); `onChange` runs after each new reading. */
export function followPolicy(onChange?: () => void): () => void {
  if (onChange) listeners.add(onChange);
  if (!started) {
    started = true;
    void loadPolicy();
    chrome.storage.onChanged.addListener((_changes, area) => {
      if (area === 'managed') void loadPolicy();
    });
  }
  return () => {
    if (onChange) listeners.delete(onChange);
  };
}

/** Whether the policy sets `key` (so the control for it shows "Set by your organisation" and cannot be changed). */
export const isSet = (key: keyof ManagedPolicy): boolean => policyView.value.policy[key] !== undefined;

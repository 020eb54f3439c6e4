/**
 * e2e fixtures for specs about Chrome policy: each test loads its own copy of the built extension, with a real
 * policy file for that copy's id written before Chromium starts (tests/harness/managed-policy.ts), and removed
 * after the test whatever its result. `test.use({ initialPolicy })` sets what the file holds at launch.
 */
import { test as base } from './fixtures';
import { launchExtension } from '../harness/launch-extension';
import { prepareManagedExtension, type ManagedExtension } from '../harness/managed-policy';

export const test = base.extend<{ initialPolicy: Record<string, unknown>; managed: ManagedExtension }>({
  initialPolicy: [{}, { option: true }],
  managed: async ({ initialPolicy }, use) => {
    const managed = prepareManagedExtension(initialPolicy);
    try {
      await use(managed);
    } finally {
      managed.remove();
    }
  },
  // Its own browser, never the worker's shared one: the policy belongs to this copy of the extension.
  launched: async ({ managed }, use) => {
    const launched = await launchExtension({ dir: managed.dir });
    try {
      await use(launched);
    } finally {
      await launched.close();
    }
  },
});

export { expect } from './fixtures';

/**
 * The task gallery end to end: each task of tests/fixtures/tasks run through the built extension with the
 * oracle planner standing in for the model, approvals clicked as a user would, success read from the page.
 *
 * The tasks are spread over the workers, and one browser serves the tasks of a worker: each task opens its page
 * in a new tab and a new panel (a new conversation), and when it ends its tab is closed and the fixture site's
 * cookies and storage are cleared, so no task sees another's cart, form or answers. A failed task ends the worker, so the next starts afresh.
 */
import { test as base, type Page } from '@playwright/test';
import { serveFixturePages, type FixtureServer } from '../fixtures/pages';
import { allTasks } from '../fixtures/tasks/all-tasks';
import { launchExtension, type LaunchedExtension } from '../harness/launch-extension';
import { startFakeLlm, type FakeLlm } from '../fake-llm';
import { expect } from './fixtures';
import { runGalleryTask } from './run-gallery-task';

interface Gallery {
  launched: LaunchedExtension;
  llm: FakeLlm;
  extPage: Page;
  pages: FixtureServer;
}

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
const test = base.extend<{}, { gallery: Gallery }>({
  gallery: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const [launched, llm, pages] = await Promise.all([launchExtension(), startFakeLlm(), serveFixturePages()]);
      const extPage = await launched.context.newPage();
      await extPage.goto(`chrome-extension://${launched.extensionId}/options.html`);
      await use({ launched, llm, extPage, pages });
      await Promise.all([launched.close(), llm.close(), pages.close()]);
    },
    { scope: 'worker' },
  ],
});

// The tasks are spread over the workers (each with its gallery browser), so the suite does not end on one worker
// running the whole gallery while the other is idle.
test.describe.configure({ mode: 'parallel' });

for (const task of allTasks) {
  test(`task ${task.id}: ${task.instruction}`, async ({ gallery }) => {
    const { launched, llm, extPage, pages } = gallery;
    const outcome = await runGalleryTask(task, {
      context: launched.context,
      extensionId: launched.extensionId,
      llm,
      extPage,
      pagesUrl: pages.url,
    });
    const cdp = await launched.context.newCDPSession(outcome.page);
    await cdp.send('Storage.clearDataForOrigin', { origin: new URL(pages.url).origin, storageTypes: 'all' });
    await cdp.detach();
    await launched.context.clearCookies();
    await outcome.page.close();
    expect(outcome.ok).toBe(true);
  });
}

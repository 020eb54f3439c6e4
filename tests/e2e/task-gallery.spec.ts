/**
 * The task gallery end to end: each task of tests/fixtures/tasks run through the built extension with the
 * oracle planner standing in for the model, approvals clicked as a user would, success read from the page.
 */
import { serveFixturePages, type FixtureServer } from '../fixtures/pages';
import { allTasks } from '../fixtures/tasks/all-tasks';
import { expect, test } from './fixtures';
import { runGalleryTask } from './run-gallery-task';

let pages: FixtureServer;
test.beforeAll(async () => {
  pages = await serveFixturePages();
});
test.afterAll(async () => {
  await pages?.close();
});

for (const task of allTasks) {
  test(`task ${task.id}: ${task.instruction}`, async ({ context, extensionId, llm, extPage }) => {
    const outcome = await runGalleryTask(task, { context, extensionId, llm, extPage, pagesUrl: pages.url });
    expect(outcome.ok).toBe(true);
  });
}

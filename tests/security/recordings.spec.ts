/**
 * Recordings (issue 28), hostile cases: a password the user types is never in a recording (a `password` step
 * says they type it on the card at run time), a payment-card or one-time-code field is not recorded at all, and a
 * page that swaps its buttons' labels while a replayed click waits for approval cannot get the approved click onto
 * the other button. The corpus of secret fields, the forged step and the swap run through run-recorder-gates.ts.
 */
import { callBackground, expect, test } from '../e2e/fixtures';
import { startRecording, typeItem } from '../e2e/recording-helpers';
import { runRecorderGates, SECRET_FIELDS } from './run-recorder-gates';

test('a password or card number typed while recording never lands in the recording', async ({
  fixturePages,
  extPage,
}) => {
  const { page, panel } = await fixturePages.setUp('recording');
  await startRecording(panel);
  await page.bringToFront();
  await page.getByLabel('Password').click();
  await page.keyboard.type('hunter2-secret');
  await page.getByLabel('Card number').click();
  await page.keyboard.type('4111111111111111');
  await page.keyboard.press('Enter');
  await page.getByRole('textbox', { name: 'New item' }).click();
  await page.keyboard.type('Milk');
  await page.keyboard.press('Enter');

  const during = JSON.stringify(await callBackground(extPage, 'recording.state', {}));
  const stopped = await callBackground<{ steps: unknown[]; skipped: number }>(extPage, 'recording.stop', {});
  const all = during + JSON.stringify(stopped);
  expect(all).not.toContain('hunter2');
  expect(all).not.toContain('4111');
  expect(stopped.skipped).toBe(1);
  expect(stopped.steps).toEqual([
    { action: 'password', target: { role: 'textbox', name: 'Password' } },
    { action: 'press', key: 'Enter' },
    typeItem('Milk'),
    { action: 'press', key: 'Enter', target: { role: 'textbox', name: 'New item' } },
  ]);
});

test('recorder gates: ten secret fields, a forged password step, a page that swaps its labels under a replay', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  test.setTimeout(120_000);
  const report = await runRecorderGates({ context, extensionId, llm, extPage });
  expect(report.violations).toEqual([]);
  expect(report.secretsKept).toEqual([]);
  expect(report.unapprovedClicks).toBe(0);
  expect(report.cases).toBe(Object.keys(SECRET_FIELDS).length + 2);
});

/**
 * Accessibility end to end: axe (WCAG 2 A/AA, 2.1 AA) on every view of the built extension, in light and dark
 * mode, with the state that shows it. Serious and critical violations fail the test; the others are printed.
 * Then each dialog (what the model saw, the link confirmation): modal, focus kept inside, closed by Esc with
 * focus back where it was.
 */
import { axeFindings, isSerious, prepareViews, UI_VIEWS, type AxeFinding, type ColorScheme } from '../harness/ui-views';
import { expect, test } from './fixtures';

const describe = (f: AxeFinding) =>
  `[${f.scheme}] ${f.view}: ${f.impact} ${f.id} (${f.help}) at ${f.targets.slice(0, 3).join(' | ')}: ${f.summary}`;

// Each view is opened once and checked in light mode with every rule, then in dark with the rules that read colours
// (the stylesheets follow prefers-color-scheme and differ in colours only, so switching the emulated scheme restyles
// the same state: opening every view twice cost a minute of CI, and running every rule twice most of another).
test('no serious or critical axe violations on any view in light and dark mode', async ({
  context,
  extensionId,
  llm,
}) => {
  test.setTimeout(240_000);
  const env = await prepareViews(context, extensionId, llm);
  const findings: AxeFinding[] = [];
  try {
    for (const view of UI_VIEWS) {
      const page = await view.open(env, 'light');
      for (const scheme of ['light', 'dark'] as ColorScheme[]) {
        await page.emulateMedia({ colorScheme: scheme });
        expect(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(scheme === 'dark');
        findings.push(...(await axeFindings(page, view.name, scheme, { colourOnly: scheme === 'dark' })));
      }
      await page.close();
    }
  } finally {
    await env.site.close();
  }
  for (const scheme of ['light', 'dark'] as ColorScheme[]) {
    const minor = findings.filter((f) => f.scheme === scheme && !isSerious(f));
    if (minor.length) console.log(`axe, minor and moderate (${scheme}):\n${minor.map(describe).join('\n')}`);
  }
  expect(findings.filter(isSerious).map(describe)).toEqual([]);
});

test('"What the model saw" is a modal dialog that keeps focus inside and closes with Esc', async ({
  context,
  extensionId,
  llm,
}) => {
  const env = await prepareViews(context, extensionId, llm);
  try {
    const panel = await UI_VIEWS.find((v) => v.name.startsWith('panel: dialog'))!.open(env, 'light');
    const dialog = panel.getByRole('dialog', { name: 'What the model saw' });
    await expect(dialog).toHaveAttribute('aria-modal', 'true');
    await expect(dialog.locator(':focus')).toHaveCount(1);
    // Tab round the dialog more times than it has controls: focus never leaves it.
    for (let i = 0; i < 12; i++) {
      await panel.keyboard.press(i % 3 === 2 ? 'Shift+Tab' : 'Tab');
      await expect(dialog.locator(':focus')).toHaveCount(1);
    }
    await panel.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(panel.getByRole('button', { name: 'What the model saw' }).last()).toBeFocused();
  } finally {
    await env.site.close();
  }
});

test('"Open this link?" is a modal dialog: Cancel has the focus, Tab stays inside, Esc closes and focus returns to the link', async ({
  context,
  extensionId,
  llm,
}) => {
  const env = await prepareViews(context, extensionId, llm);
  try {
    const panel = await UI_VIEWS.find((v) => v.name.startsWith('panel: dialog (link'))!.open(env, 'dark');
    const dialog = panel.getByRole('dialog', { name: 'Open this link?' });
    await expect(dialog).toHaveAttribute('aria-modal', 'true');
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await panel.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Open link' })).toBeFocused();
    await panel.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await panel.keyboard.press('Shift+Tab');
    await expect(dialog.getByRole('button', { name: 'Open link' })).toBeFocused();
    await panel.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(panel.getByRole('link', { name: /your report/ })).toBeFocused();
  } finally {
    await env.site.close();
  }
});

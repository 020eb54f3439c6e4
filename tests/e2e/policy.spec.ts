/**
 * Chrome policy, end to end: Chromium reads a real policy file (the extension's 3rdparty section in the managed
 * policies folder) and Tabwise applies it. Settings shows what is managed and ignores a value its schema rejects,
 * a provider the policy does not list cannot answer, the organisation's instructions are in "What the model saw",
 * remembering is forced off, and a change to the file applies while the browser runs.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { serveStatic } from '../harness/serve-static';
import { finished, toolResult } from '../security/scenario-helpers';
import {
  addFakeProvider,
  assistantMessages,
  callBackground,
  chatRequests,
  openPanel,
  openSettingsSection,
  sendChat,
  toolCall,
  toolCard,
} from './fixtures';
import { expect, test } from './policy-fixtures';

const remembering = (page: Page) => callBackground<{ enabled: boolean }>(page, 'index.settings.get', {});
const captureScriptRegistered = async (page: Page) =>
  (await page.evaluate(() => chrome.scripting.getRegisteredContentScripts({ ids: ['tabwise-capture'] }))).length > 0;

test.describe('what Settings shows', () => {
  test.use({
    initialPolicy: {
      rememberingAllowed: false,
      alwaysAllowOffered: false,
      customInstructions: 'Answer in British English.',
      teamServerUrl: 'https://team.example.com',
      signInRequired: true,
      // A string Chrome's schema takes, but not an access level: ignored, with a notice; the rest still applies.
      siteAccess: { 'intranet.example.com': 'admin' },
    },
  });

  test('managed values are marked "Set by your organisation", cannot be changed, and a rejected one has a notice', async ({
    extPage,
    extensionId,
    managed,
  }) => {
    expect(extensionId).toBe(managed.id);
    // What Chromium handed over is what the file says (not a fake of chrome.storage.managed).
    expect(await extPage.evaluate(() => chrome.storage.managed.get())).toMatchObject({ rememberingAllowed: false });
    await openSettingsSection(extPage, extensionId, 'remember');
    const org = extPage.getByRole('region', { name: 'Managed by your organisation' });
    await expect(org).toBeVisible();
    for (const key of ['rememberingAllowed', 'alwaysAllowOffered', 'customInstructions', 'teamServerUrl'])
      await expect(org.locator(`[data-policy="${key}"]`)).toContainText('Set by your organisation');
    await expect(org.locator('[data-policy="teamServerUrl"] dd')).toHaveText('https://team.example.com');
    await expect(org.locator('[data-policy="signInRequired"] dd')).toHaveText('Required');
    await expect(org.locator('[data-policy="siteAccess"]')).toHaveCount(0);
    await expect(org.getByRole('alert')).toContainText('siteAccess');

    // Remembering: the switch is there, disabled, with who set it; the background refuses it too.
    const remember = extPage.getByRole('region', { name: 'Remember what I read' });
    await expect(remember.getByRole('button', { name: 'Remember pages I read' })).toBeDisabled();
    await expect(remember).toContainText('Set by your organisation');
    await expect(callBackground(extPage, 'index.settings.update', { enabled: true })).rejects.toThrow(/not_allowed/);
    expect((await remembering(extPage)).enabled).toBe(false);

    // The organisation's instructions, read-only beside the user's own.
    const assistant = extPage.getByRole('region', { name: 'Assistant' });
    await expect(assistant.locator('[data-policy="customInstructions"]')).toContainText('Answer in British English.');
    await expect(assistant.locator('[data-policy="customInstructions"]')).toContainText('Set by your organisation');
  });
});

test.describe('providers', () => {
  test.use({ initialPolicy: { allowedProviders: ['anthropic'] } });

  test('a provider the policy does not list is shown as not allowed and cannot answer', async ({
    context,
    extensionId,
    extPage,
    llm,
  }) => {
    await addFakeProvider(extPage, llm);
    await openSettingsSection(extPage, extensionId, 'models');
    await expect(extPage.getByRole('list', { name: 'Providers' }).getByRole('listitem')).toContainText(
      'Not allowed by your organisation',
    );
    const panel = await openPanel(context, extensionId);
    await sendChat(panel, 'Hello?');
    const card = assistantMessages(panel).last().getByRole('alert');
    await expect(card).toContainText('Not allowed by your organisation');
    await expect(card).toContainText('Your organisation does not allow Fake · fake-model');
    expect(chatRequests(llm)).toHaveLength(0);
  });
});

test.describe('models', () => {
  test.use({ initialPolicy: { allowedModels: ['fake-a'] } });

  test('the model switcher shows a model the policy does not allow, and it cannot be chosen', async ({
    context,
    extensionId,
    extPage,
    llm,
  }) => {
    llm.models = ['fake-a', 'fake-b'];
    await addFakeProvider(extPage, llm, 'fake-a');
    const panel = await openPanel(context, extensionId);
    const picker = panel.getByRole('combobox', { name: 'Model for this conversation' });
    await expect(picker.locator('option')).toHaveText(['fake-a', 'fake-b (not allowed by your organisation)']);
    await expect(picker.locator('option').nth(1)).toBeDisabled();
    await expect(picker.locator('option:checked')).toHaveText('fake-a');
  });
});

test.describe('instructions', () => {
  test.use({ initialPolicy: { customInstructions: 'Cite the team wiki when you can.' } });

  test('the organisation instructions go to the model in their own block, shown in "What the model saw"', async ({
    context,
    extensionId,
    extPage,
    llm,
  }) => {
    await addFakeProvider(extPage, llm);
    await callBackground(extPage, 'settings.update', { customInstructions: 'Be brief.' });
    llm.enqueue({ text: ['Noted.'] });
    const panel = await openPanel(context, extensionId);
    await sendChat(panel, 'Hi');
    await expect(assistantMessages(panel).last()).toHaveAttribute('data-status', 'complete');
    const body = chatRequests(llm)[0]!.body as { messages: { role: string; content: string }[] };
    const system = body.messages[0]!.content;
    expect(system).toContain("## Your organisation's instructions\n" + 'The administrator of the user');
    expect(system).toContain(
      '<organization_instructions>\nCite the team wiki when you can.\n</organization_instructions>',
    );
    // The user's own instructions stay theirs, after the organisation's.
    expect(system.indexOf("## The user's instructions\nBe brief.")).toBeGreaterThan(
      system.indexOf('Cite the team wiki'),
    );
    await assistantMessages(panel).last().getByRole('button', { name: 'What the model saw' }).click();
    const dialog = panel.getByRole('dialog', { name: 'What the model saw' });
    await expect(dialog.locator('.system-prompt')).toContainText("Your organisation's instructions");
    await expect(dialog.locator('.system-prompt')).toContainText('Cite the team wiki when you can.');
  });
});

test.describe('a change while the browser runs', () => {
  test.use({ initialPolicy: { customInstructions: 'Version one.' } });

  test('Chromium reloads the file and the policy applies at once: remembering is turned off and cannot be turned on', async ({
    extPage,
    extensionId,
    managed,
  }) => {
    test.setTimeout(90_000);
    await callBackground(extPage, 'index.settings.update', { enabled: true });
    expect(await captureScriptRegistered(extPage)).toBe(true);
    await openSettingsSection(extPage, extensionId, 'remember');
    const remember = extPage.getByRole('region', { name: 'Remember what I read' });
    await expect(remember.getByRole('button', { name: 'Turn off' })).toBeVisible();

    const written = Date.now();
    managed.write({ customInstructions: 'Version two.', rememberingAllowed: false });
    // Chromium waits for the file to be still for about 5 s, then loads it; Tabwise applies it on the change event.
    await expect
      .poll(async () => (await extPage.evaluate(() => chrome.storage.managed.get())).rememberingAllowed, {
        timeout: 30_000,
      })
      .toBe(false);
    const loaded = Date.now();
    // Without a reload, the page follows; the worker has unregistered the capture script.
    await expect(remember.getByRole('button', { name: 'Remember pages I read' })).toBeDisabled({ timeout: 3000 });
    await expect(remember).toContainText('Set by your organisation');
    await expect.poll(() => captureScriptRegistered(extPage), { timeout: 3000 }).toBe(false);
    expect((await remembering(extPage)).enabled).toBe(false);
    await expect(callBackground(extPage, 'index.settings.update', { enabled: true })).rejects.toThrow(/not_allowed/);
    const org = extPage.getByRole('region', { name: 'Managed by your organisation' });
    await expect(org.locator('[data-policy="customInstructions"]')).toContainText('Version two.');
    test.info().annotations.push({
      type: 'policy-reload',
      description: `Chromium loaded it ${loaded - written} ms after the write`,
    });

    // And back: the user's own choice (on) applies again, as it was; nothing was stored over it.
    managed.write({});
    await expect.poll(async () => (await remembering(extPage)).enabled, { timeout: 30_000 }).toBe(true);
    await expect.poll(() => captureScriptRegistered(extPage), { timeout: 3000 }).toBe(true);
    await expect(org).toHaveCount(0);
  });
});

test.describe('per-site access', () => {
  // The test pages are served on 127.0.0.1: the organisation lets the agent only read there.
  test.use({ initialPolicy: { siteAccess: { '127.0.0.1': 'read', 'intranet.example.com': 'none' } } });

  test('"read only" on a site: the fill is refused on its card and the page is unchanged, read_page still reads', async ({
    context,
    extensionId,
    extPage,
    llm,
  }) => {
    const form = readFileSync(new URL('../security/fixtures/approval-form.html', import.meta.url), 'utf8');
    const site = await serveStatic({ '/form.html': form, '/done': '<p>Ordered</p>' });
    try {
      await addFakeProvider(extPage, llm);
      const page = await context.newPage();
      await page.goto(`${site.url}/form.html`);
      const panel = await openPanel(context, extensionId);
      llm.enqueue(
        toolCall('read_page'),
        toolCall('get_form_state'),
        toolCall('fill_form', { updates: { fullName: 'Mallory' } }),
        { text: ['I could only read.'] },
      );
      await sendChat(panel, 'Fill in my name');
      await finished(panel);
      expect(toolResult(llm, 'read_page')).toContain('Order');
      const fill = toolCard(panel, 'fill_form');
      await expect(fill).toHaveAttribute('data-status', 'error');
      await expect(fill.locator('.approval')).toHaveCount(0);
      // The card and the model both say it was the organisation, not the user's own switch.
      await expect(fill.locator('.tool-refused')).toHaveText(
        'Your organisation has made this site read only, so this did not run.',
      );
      expect(toolResult(llm, 'fill_form')).toMatch(/^Refused: the user's organisation has made this site read only/);
      expect(await page.locator('#fullName').inputValue()).toBe('');
      // The user's own switch is off: it is the organisation's level that narrowed this site.
      expect(await callBackground<{ readOnly?: boolean }>(extPage, 'settings.get', {})).not.toMatchObject({
        readOnly: true,
      });
    } finally {
      await site.close();
    }
  });
});

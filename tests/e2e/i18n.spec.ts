/**
 * The UI in the browser's language: Chromium started with `--lang` picks the extension's _locales (German,
 * Japanese), and a right-to-left language (Arabic) mirrors the layout. Headless Chromium honours `--lang` for the
 * extension's messages (not for '@@bidi_dir', which stays 'ltr': the direction comes from each locale's
 * 'ui_dir' message, see components/ui/apply-ui-locale.ts).
 */
import { expect, test, type Page } from '@playwright/test';
import { startFakeLlm, type FakeLlm } from '../fake-llm';
import { launchExtension, type LaunchedExtension } from '../harness/launch-extension';
import { addFakeProvider, addProvider, composerText, openPanel } from '../harness/extension-helpers';
import { isTitleRequest } from './fixtures';

// Each test starts its own Chromium in its language: the tests are spread over the workers.
test.describe.configure({ mode: 'parallel' });

let llm: FakeLlm;
test.beforeEach(async () => {
  llm = await startFakeLlm();
  llm.respondTo(isTitleRequest, { text: ['Canned title'] });
});
test.afterEach(async () => llm.close());

/** The extension in `lang`, with the fake provider set up, and its side panel open at `width` px. */
async function panelIn(lang: string | undefined, width = 360): Promise<{ ext: LaunchedExtension; panel: Page }> {
  const ext = await launchExtension(lang ? { lang } : {});
  const options = await ext.context.newPage();
  await options.goto(`chrome-extension://${ext.extensionId}/options.html`);
  await addFakeProvider(options, llm, 'm');
  await options.close();
  const panel = await openPanel(ext.context, ext.extensionId);
  await panel.setViewportSize({ width, height: 640 });
  return { ext, panel };
}

/** Sends `text` and waits for the fake model's answer, so both bubbles are on screen. */
async function exchange(panel: Page, text: string, answer: string) {
  llm.enqueue({ text: [answer] });
  const box = panel.locator('.composer-box');
  await box.fill(text);
  await box.press('Enter');
  await expect(panel.locator('.message.assistant').last()).toContainText(answer);
}

const boxOf = async (page: Page, selector: string) => {
  const box = await page.locator(selector).first().boundingBox();
  if (!box) throw new Error(`${selector} is not on screen`);
  return box;
};

test('German: the panel and the settings speak German, with German number formats', async () => {
  const { ext, panel } = await panelIn('de');
  try {
    await expect(panel.locator('html')).toHaveAttribute('lang', 'de');
    await expect(panel.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(panel).toHaveTitle('Tabwise');
    await expect(panel.getByRole('textbox', { name: 'Nachricht' })).toHaveAttribute(
      'aria-placeholder',
      'Fragen Sie zu dieser Seite oder zu allem anderen … (@ erwähnt einen Tab)',
    );
    await expect(panel.getByRole('button', { name: 'Senden' })).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Verlauf' })).toBeVisible();
    await expect(panel.getByText('Fragen Sie, was Sie wollen. Antworten kommen von Fake · m.')).toBeVisible();
    await expect(panel.getByText('Ask anything')).toHaveCount(0);

    const settings = await ext.context.newPage();
    await settings.goto(`chrome-extension://${ext.extensionId}/options.html#assistant`);
    await expect(settings).toHaveTitle('Tabwise-Einstellungen');
    await expect(settings.getByRole('heading', { name: 'Tabwise-Einstellungen', level: 1 })).toBeVisible();
    await expect(
      settings
        .getByRole('navigation', { name: 'Einstellungsbereiche' })
        .getByRole('link', { name: 'Gelesenes merken' }),
    ).toBeVisible();
    // A range from the run limits, formatted the German way (1.000, not 1,000).
    await expect(settings.locator('#assistant')).toContainText(/\d\.\d{3} bis \d{1,3}(\.\d{3})+/);
  } finally {
    await ext.close();
  }
});

test('German: what the worker composes speaks German too (approval preview, context-menu draft, an unreachable server)', async () => {
  const { ext, panel } = await panelIn('de');
  try {
    // An approval card's preview is written in the worker.
    llm.enqueue(
      { toolCalls: [{ name: 'memory_save', arguments: JSON.stringify({ text: 'Parkplatz B12' }) }] },
      { text: ['Gut.'] },
    );
    await panel.getByRole('textbox', { name: 'Nachricht' }).fill('Merk dir meinen Parkplatz');
    await panel.getByRole('textbox', { name: 'Nachricht' }).press('Enter');
    const card = panel.locator('.tool-card[data-tool="memory_save"]');
    await expect(card.locator('.approval .preview')).toContainText('Merken: Parkplatz B12');
    await expect(card.locator('.approval .preview')).not.toContainText('Remember');
    await card.getByRole('button', { name: 'Ablehnen' }).click();
    await expect(panel.locator('.message.assistant').last()).toHaveAttribute('data-status', 'complete');

    // The context menu's draft is composed in the worker, in the browser's language.
    const site = await ext.context.newPage();
    await site.setContent('<title>Artikel</title><p>Text.</p>');
    await ext.context.serviceWorkers()[0]!.evaluate(async () => {
      const [tab] = await chrome.tabs.query({ title: 'Artikel' });
      const menu = (
        globalThis as unknown as { tabwiseContextMenu: { onClicked(info: unknown, tab: unknown): Promise<void> } }
      ).tabwiseContextMenu;
      await menu.onClicked({ menuItemId: 'tabwise-summarise-page' }, tab);
    });
    await expect
      .poll(() => composerText(panel.getByRole('textbox', { name: 'Nachricht' })))
      .toBe('Fasse diese Seite zusammen.');

    // A server that does not answer: the worker's error says so in German, naming the host.
    const options = await ext.context.newPage();
    await options.goto(`chrome-extension://${ext.extensionId}/options.html`);
    await addProvider(options, {
      kind: 'openai-compatible',
      name: 'Weg',
      baseUrl: 'http://127.0.0.1:9/v1',
      model: 'm',
    });
    await options.close();
    const fresh = await openPanel(ext.context, ext.extensionId);
    await fresh.getByRole('button', { name: 'Neu', exact: true }).click();
    const picker = fresh.getByRole('combobox', { name: 'Modell für diese Unterhaltung' });
    await picker.selectOption((await picker.locator('optgroup[label="Weg"] option').first().getAttribute('value'))!);
    await fresh.getByRole('textbox', { name: 'Nachricht' }).fill('Hallo');
    await fresh.getByRole('textbox', { name: 'Nachricht' }).press('Enter');
    await expect(fresh.locator('.message.assistant').last()).toContainText('127.0.0.1:9 ist nicht erreichbar', {
      timeout: 20_000,
    });
    await expect(fresh.locator('.message.assistant').last()).not.toContainText("Can't reach");
  } finally {
    await ext.close();
  }
});

test('Japanese: the panel speaks Japanese', async () => {
  const { ext, panel } = await panelIn('ja');
  try {
    await expect(panel.locator('html')).toHaveAttribute('lang', 'ja');
    await expect(panel.getByRole('textbox', { name: 'メッセージ' })).toHaveAttribute(
      'aria-placeholder',
      'このページについて、または何でも質問…（@ でタブをメンション）',
    );
    await expect(panel.getByRole('button', { name: '送信' })).toBeVisible();
    await exchange(panel, 'こんにちは', 'はい');
    await expect(
      panel.getByRole('group', { name: 'この回答の操作' }).getByRole('button', { name: '回答をコピー' }),
    ).toBeVisible();
  } finally {
    await ext.close();
  }
});

test('Arabic: the layout mirrors (send button and bubbles swap sides) and nothing overflows at 320 px', async () => {
  // The same exchange left to right first, so the test compares mirror images rather than assuming a layout.
  const sides = async (lang: string | undefined) => {
    const { ext, panel } = await panelIn(lang, 320);
    try {
      await exchange(panel, 'hello there', 'An answer');
      const [send, box, user, answer] = [
        await boxOf(panel, '.composer .send'),
        await boxOf(panel, '.composer .composer-box'),
        await boxOf(panel, '.message.user .bubble'),
        await boxOf(panel, '.message.assistant'),
      ];
      const overflow = await panel.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      const dir = await panel.locator('html').getAttribute('dir');
      const sendLabel = await panel.locator('.composer .send').innerText();
      return { send, box, user, answer, overflow, dir, sendLabel, width: 320 };
    } finally {
      await ext.close();
    }
  };
  const ltr = await sides(undefined);
  const rtl = await sides('ar');

  expect(ltr.dir).toBe('ltr');
  expect(rtl.dir).toBe('rtl');
  expect(rtl.sendLabel).toBe('إرسال');
  // Left to right: the message box, then Send on its right; the user's bubble hugs the right edge.
  expect(ltr.send.x).toBeGreaterThan(ltr.box.x + ltr.box.width - 1);
  expect(ltr.user.x + ltr.user.width).toBeGreaterThan(ltr.width - 40);
  // Right to left: Send on the left of the box; the user's bubble hugs the left edge.
  expect(rtl.send.x + rtl.send.width).toBeLessThan(rtl.box.x + 1);
  expect(rtl.user.x).toBeLessThan(40);
  // The user's bubble and the answer start on opposite sides in both directions.
  expect(rtl.user.x).toBeLessThan(rtl.answer.x + rtl.answer.width - rtl.user.width);
  expect(ltr.overflow).toBe(0);
  expect(rtl.overflow).toBe(0);
});

// The languages added in issue 22: Chromium's own language picks each locale, and the panel speaks it.
for (const [lang, tag, message, send, placeholder] of [
  [
    'fr',
    'fr',
    'Message',
    'Envoyer',
    "Posez une question sur cette page, ou sur n'importe quoi… (@ mentionne un onglet)",
  ],
  ['es', 'es', 'Mensaje', 'Enviar', 'Pregunta sobre esta página, o sobre cualquier cosa… (@ menciona una pestaña)'],
  ['pt-BR', 'pt-BR', 'Mensagem', 'Enviar', 'Pergunte sobre esta página, ou sobre qualquer coisa… (@ menciona uma aba)'],
  ['ko', 'ko', '메시지', '보내기', '이 페이지나 무엇이든 물어보세요… (@로 탭 언급)'],
] as const) {
  test(`${lang}: the panel speaks the browser's language`, async () => {
    const { ext, panel } = await panelIn(lang);
    try {
      await expect(panel.locator('html')).toHaveAttribute('lang', tag);
      await expect(panel.getByRole('textbox', { name: message })).toHaveAttribute('aria-placeholder', placeholder);
      await expect(panel.getByRole('button', { name: send })).toBeVisible();
    } finally {
      await ext.close();
    }
  });
}

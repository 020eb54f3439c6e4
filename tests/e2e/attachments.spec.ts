/**
 * Attached files through the built extension: a PDF and a CSV attached by the button show as chips with their
 * name, size and pages or rows; a file is removed before sending; an image for a model that takes none says why
 * on its chip and is not sent. The fake LLM's request carries the files' text inside the marked block, "What the
 * model saw" shows it, a reload keeps the files with the message, and deleting the conversation, then "Delete all
 * data", leaves no attachment in IndexedDB. Files dropped on the composer or pasted into it (real DataTransfer
 * events) are attached the same way, an image goes as an image part to a model the catalog says takes images,
 * and a worker stopped mid-answer resumes with the very same files.
 */
import type { Page } from '@playwright/test';
import { makePdf } from '../documents/make-documents';
import { untrustedBlocks } from '../security/untrusted-block';
import {
  addFakeProvider,
  assistantMessages,
  callBackground,
  chatRequests,
  expect,
  killServiceWorker,
  openPanel,
  sendChat,
  test,
} from './fixtures';

const PDF_FACTS = ['ATTACHED-PDF revenue was 4.2 million euros.', 'ATTACHED-PDF page two: costs fell by 8 %.'];
const CSV = 'name,city\nAda,London\nGrace,Arlington\nLinus,Helsinki\n';
const REMOVED = 'REMOVED-FILE text that must never reach the model';
/** A PNG by its magic number (the reader sniffs the bytes, not the name). */
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);

/** The attachments block among the user messages of an OpenAI-wire request (the turn the run answers carries it). */
function attachmentsBlock(body: unknown): string | undefined {
  const users = (body as { messages: { role: string; content: unknown }[] }).messages.filter((m) => m.role === 'user');
  const texts = users.map((u) => {
    const content = u.content as string | { text?: string }[];
    return typeof content === 'string' ? content : content.map((p) => p.text ?? '').join('\n');
  });
  const turn = texts.find((t) => t.includes('source="attachments"')) ?? '';
  return untrustedBlocks(turn).find((b) => turn.includes(`boundary="${b.boundary}" source="attachments"`))?.body;
}

/** Attachments in the documents database, all or of one conversation (read in an extension page). */
function countAttachments(page: Page, conversationId?: string): Promise<number> {
  return page.evaluate(
    (id) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('tabwise-documents');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('attachments')) return resolve(-1);
          const store = db.transaction('attachments').objectStore('attachments');
          const req = id ? store.index('byConversation').count(id) : store.count();
          req.onsuccess = () => {
            resolve(req.result);
            db.close();
          };
          req.onerror = () => reject(req.error);
        };
      }),
    conversationId,
  );
}

test('attach a PDF and a CSV by the button, remove one, send: the text reaches the model in the marked block, stays after a reload, and goes with the conversation', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  test.setTimeout(120_000);
  await addFakeProvider(extPage, llm);
  llm.enqueue({ text: ['The report says revenue was 4.2 million euros.'] });
  const panel = await openPanel(context, extensionId);
  const pdf = Buffer.from(await makePdf([[{ text: PDF_FACTS[0]! }], [{ text: PDF_FACTS[1]! }]]));
  await panel.locator('input[type=file]').setInputFiles([
    { name: 'report.pdf', mimeType: 'application/pdf', buffer: pdf },
    { name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) },
    { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from(REMOVED) },
    { name: 'photo.png', mimeType: 'image/png', buffer: PNG },
  ]);
  const chips = panel.getByRole('list', { name: 'Attached files' });
  const chip = (name: string) => chips.locator('.attachment-chip', { hasText: name });
  await expect(chip('report.pdf')).toContainText(`report.pdf ${(pdf.length / 1000).toFixed(1)} KB · 2 pages`);
  await expect(chip('people.csv')).toContainText(`people.csv ${CSV.length} B · 3 rows`);
  await expect(chip('photo.png')).toContainText('Not sent: fake-model does not take images.');
  await expect(chip('notes.txt')).toHaveAttribute('data-status', 'ready');
  await panel.getByRole('button', { name: 'Remove notes.txt' }).click();
  await expect(chip('notes.txt')).toHaveCount(0);

  await sendChat(panel, 'Summarise the files.');
  await expect(assistantMessages(panel).last()).toHaveAttribute('data-status', 'complete', { timeout: 60_000 });
  // The composer is empty of files; the message carries them.
  await expect(panel.locator('.composer .attachment-chip')).toHaveCount(0);
  const sent = panel.locator('.message.user .attachment-chip');
  await expect(sent).toHaveText([/report\.pdf.*2 pages/, /people\.csv.*3 rows/, /photo\.png.*Not sent/]);

  const request = chatRequests(llm).at(-1)!;
  const wire = JSON.stringify(request.body);
  const user = (request.body as { messages: { role: string; content: unknown }[] }).messages.filter(
    (m) => m.role === 'user',
  );
  const content = user.at(-1)!.content as string | { text?: string }[];
  const turn = typeof content === 'string' ? content : content.map((p) => p.text ?? '').join('\n');
  const attached = untrustedBlocks(turn).find((b) => turn.includes(`boundary="${b.boundary}" source="attachments"`));
  expect(attached, 'the files are in a marked block').toBeDefined();
  expect(attached!.body).toContain(`--- Page 1 ---\n${PDF_FACTS[0]}`);
  expect(attached!.body).toContain(PDF_FACTS[1]);
  expect(attached!.body).toContain('| Grace | Arlington |');
  expect(attached!.body).toContain('name="photo.png"');
  expect(attached!.body).toContain('not_sent="Not sent: fake-model does not take images."');
  expect(wire).not.toContain(REMOVED);
  expect(wire).not.toContain('image_url');

  // "What the model saw" shows the files' text.
  await assistantMessages(panel).last().getByRole('button', { name: 'What the model saw' }).click();
  await expect(panel.getByRole('dialog')).toContainText(PDF_FACTS[0]!);
  await panel.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

  // Stored with the conversation: a reload shows the files with the message.
  await panel.reload();
  await expect(panel.locator('.message.user .attachment-chip')).toHaveText([
    /report\.pdf.*2 pages/,
    /people\.csv.*3 rows/,
    /photo\.png.*Not sent/,
  ]);

  // Deleting the conversation deletes its files; "Delete all data" deletes the rest (an unsent one too).
  const [conversation] = await callBackground<{ id: string }[]>(extPage, 'conversations.list', {});
  expect(await countAttachments(extPage, conversation!.id)).toBe(3);
  await callBackground(extPage, 'conversations.delete', { id: conversation!.id });
  expect(await countAttachments(extPage, conversation!.id)).toBe(0);
  await panel
    .locator('input[type=file]')
    .setInputFiles([{ name: 'later.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) }]);
  await expect(chip('later.csv')).toContainText('3 rows');
  expect(await countAttachments(extPage)).toBeGreaterThan(0);
  await callBackground(extPage, 'data.deleteAll', {});
  expect(await countAttachments(extPage)).toBe(0);
});

test('files dropped on the composer and pasted into it are attached, an image goes to a model that takes images, and a worker stopped mid-answer resumes with them', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  test.setTimeout(90_000);
  // A model the catalog says takes images.
  await addFakeProvider(extPage, llm, 'gpt-4o');
  llm.enqueue(
    { text: Array.from({ length: 60 }, (_, i) => `part${i} `), chunkDelayMs: 100 },
    { text: ['and that is the rest.'] },
  );
  const panel = await openPanel(context, extensionId);
  await panel.evaluate(
    (png) => {
      const files = (name: string, text: string, type: string) => {
        const dt = new DataTransfer();
        dt.items.add(new File([text], name, { type }));
        return dt;
      };
      const form = document.querySelector('form.composer')!;
      const dropped = files('dropped.csv', 'city,people\nLyon,522000\nNantes,320000\n', 'text/csv');
      dropped.items.add(new File([new Uint8Array(png)], 'chart.png', { type: 'image/png' }));
      form.dispatchEvent(new DragEvent('dragover', { dataTransfer: dropped, bubbles: true, cancelable: true }));
      form.dispatchEvent(new DragEvent('drop', { dataTransfer: dropped, bubbles: true, cancelable: true }));
      const box = document.querySelector('.composer-box')!;
      const pasted = files('pasted.md', '# PASTED-NOTE\nBring the tickets.', 'text/markdown');
      box.dispatchEvent(new ClipboardEvent('paste', { clipboardData: pasted, bubbles: true, cancelable: true }));
    },
    [...PNG],
  );
  const chip = (name: string) => panel.locator('.composer .attachment-chip', { hasText: name });
  await expect(chip('dropped.csv')).toContainText('2 rows');
  await expect(chip('pasted.md')).toHaveAttribute('data-status', 'ready');
  await expect(chip('chart.png')).toHaveAttribute('data-status', 'ready');
  await expect(chip('chart.png')).not.toContainText('Not sent');
  // A pasted file is not pasted as text into the box.
  await expect(panel.getByRole('textbox', { name: 'Message' })).toHaveText('');

  await sendChat(panel, 'Which city is larger?');
  const answer = assistantMessages(panel).last();
  await expect(answer).toContainText('part8 ');
  await killServiceWorker(context, panel);
  await expect(answer).toHaveAttribute('data-status', 'complete', { timeout: 20_000 });
  await expect(answer).toContainText('and that is the rest.');
  const requests = chatRequests(llm);
  expect(requests).toHaveLength(2);
  // The resumed request sends the very same files, in the very same block.
  const [first, resumed] = requests.map((r) => attachmentsBlock(r.body));
  expect(first).toContain('| Lyon | 522000 |');
  expect(first).toContain('# PASTED-NOTE');
  expect(resumed).toBe(first);
  expect(first).toContain(
    'name="chart.png" kind="PNG image" attached="with this message" sent_as="an image after this block"',
  );
  for (const r of requests)
    expect(JSON.stringify(r.body)).toContain(`"url":"data:image/png;base64,${PNG.toString('base64')}"`);
});

test('Enter pressed while the attached file is still being read sends the message once it is read, with the file', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  test.setTimeout(120_000);
  await addFakeProvider(extPage, llm);
  const pdf = Buffer.from(await makePdf([[{ text: PDF_FACTS[0]! }], [{ text: PDF_FACTS[1]! }]], 'Quarterly report'));
  const panel = await openPanel(context, extensionId);
  llm.enqueue({ text: ['Read it.'] });
  const box = panel.getByRole('textbox', { name: 'Message' });
  await box.fill('What does the report say?');
  // The first file of this panel: the chips' code has not loaded yet, and the file is not read, when Enter comes.
  await panel
    .locator('input[type=file]')
    .setInputFiles({ name: 'report.pdf', mimeType: 'application/pdf', buffer: pdf });
  await box.press('Enter');
  const answer = assistantMessages(panel).last();
  await expect(answer).toHaveAttribute('data-status', 'complete', { timeout: 60_000 });
  const [request] = chatRequests(llm);
  expect(attachmentsBlock(request!.body)).toContain(PDF_FACTS[0]);
  await expect(panel.locator('.message.user')).toHaveCount(1);
  await expect(panel.locator('.message.user .attachment-chip')).toHaveText([/report\.pdf.*2 pages/]);
  // The draft went with it, and the composer holds no file any more.
  await expect(panel.locator('.composer .attachment-chip')).toHaveCount(0);
  await expect(box).toHaveText('');
});

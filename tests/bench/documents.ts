/**
 * documents: how fast the built extension reads documents the way a user waits for them, and what the parsers
 * cost the page and the panel.
 * - pdf_300p_ms / docx_100p_ms: median over --runs (default 3) of the time from the moment a local server has sent
 *   the whole file (a 300-page text PDF made with pdf-lib; a 100-page Word file, about 500 words a page) to the
 *   moment the fake LLM receives the request carrying fetch_url's result: the transfer to the offscreen document,
 *   the parser, the reply and the next request, all in the real extension. pdf_pages_per_s = 300 / that time.
 * - xlsx_rows_per_s: rows of a 50,000-row workbook (5 columns) per second, timed the same way.
 * - attach_5mb_to_request_ms: median over --runs of the time from the moment a 5 MB PDF (30 pages of text and
 *   five photos) is given to the composer's file button to the moment the fake LLM receives the request carrying
 *   its text: the bytes into IndexedDB, the worker's read in the offscreen document, the chip, Enter (pressed as
 *   soon as the chip says the file is read, the message already typed), the turn and the request.
 * - page_bundle_kb: the page agent and page reader scripts (KB) injected into pages (the agent into every frame a
 *   run acts on, the reader wherever it reads); the on-demand parts (the act part, page-actions.js: typing, keys,
 *   sliders, comboboxes) are printed beside it, not counted, as they load only where an action needs them.
 *   panel_js_gz_kb: the side panel's startup JavaScript, gzip KB, as the ui bench counts it. The parsers must add
 *   nothing to either.
 * Usage: npm run bench -- documents [--runs N] (ONLY_ATTACH=1 skips the fetch_url figures, for working on attachments)
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { makeDocx, makePdf, makePhotoPdf } from '../documents/make-documents';
import { startFakeLlm } from '../fake-llm';
import { isTitleRequest } from '../e2e/fixtures';
import { addFakeProvider, openPanel, sendChat } from '../harness/extension-helpers';
import { extensionDir, launchExtension } from '../harness/launch-extension';
import { median, round } from './_stats';
import { startupGzipKb } from './_startup-scripts';

const runsAt = process.argv.indexOf('--runs');
const RUNS = runsAt === -1 ? 3 : Number(process.argv[runsAt + 1]);

if (!existsSync(`${extensionDir}/manifest.json`)) spawnSync('npx', ['wxt', 'build'], { stdio: 'inherit' });

const words = (n: number, seed: number) =>
  Array.from(
    { length: n },
    (_, i) => ['revenue', 'office', 'quarter', 'growth', 'policy', 'travel'][(i + seed) % 6],
  ).join(' ');

console.log('making the documents…');
const pdf = await makePdf(
  Array.from({ length: 300 }, (_, p) =>
    Array.from({ length: 30 }, (_, l) => ({ text: `Page ${p + 1} line ${l + 1}: ${words(10, p + l)}.` })),
  ),
);
const docx = await makeDocx(['Handbook', ...Array.from({ length: 1000 }, (_, i) => `${words(50, i)}.`)]);
const XLSX_ROWS = 50_000;
const wb = new ExcelJS.Workbook();
const ws = wb.addWorksheet('Data');
ws.addRow(['Id', 'Region', 'Quarter', 'Revenue', 'Note']);
for (let i = 1; i <= XLSX_ROWS; i++) ws.addRow([i, `Region ${i % 40}`, `Q${(i % 4) + 1}`, i * 3, words(3, i)]);
const xlsx = new Uint8Array(await wb.xlsx.writeBuffer());
const attachDir = mkdtempSync(join(tmpdir(), 'tabwise-bench-attach-'));
const attachPath = join(attachDir, 'annual-report.pdf');
writeFileSync(attachPath, await makePhotoPdf(30, 5, 575));
console.log(`annual-report.pdf ${round(statSync(attachPath).size / 1_000_000, 2)} MB`);
const files: Record<string, { type: string; body: Uint8Array }> = {
  '/report.pdf': { type: 'application/pdf', body: pdf },
  '/handbook.docx': {
    type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    body: docx,
  },
  '/data.xlsx': { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', body: xlsx },
};
console.log(
  Object.entries(files)
    .map(([p, f]) => `${p} ${round(f.body.length / 1024, 0)} KB`)
    .join(', '),
);

/** The request that carries a tool's result back to the model ends with it (the OpenAI wire: a "tool" message). */
const endsWithToolResult = (body: unknown) =>
  (body as { messages?: Array<{ role: string }> } | undefined)?.messages?.at(-1)?.role === 'tool';

/** When each path was last sent in full (performance.now() of this process). */
const sentAt = new Map<string, number>();
const server = createServer((req, res) => {
  const path = new URL(req.url ?? '/', 'http://x').pathname;
  const file = files[path];
  if (!file) return void res.writeHead(404).end();
  res.writeHead(200, { 'content-type': file.type, 'content-length': file.body.length });
  res.on('finish', () => sentAt.set(path, performance.now()));
  res.end(file.body);
});
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const llm = await startFakeLlm();
llm.respondTo(isTitleRequest, { text: ['Canned title'] });
const ext = await launchExtension();
const times: Record<string, number[]> = { '/report.pdf': [], '/handbook.docx': [], '/data.xlsx': [], attach: [] };
try {
  const extPage = await ext.context.newPage();
  await extPage.goto(`chrome-extension://${ext.extensionId}/options.html`);
  await addFakeProvider(extPage, llm);
  const panel = await openPanel(ext.context, ext.extensionId);
  for (let run = 0; run < (process.env.ONLY_ATTACH ? 0 : RUNS + 1); run++)
    for (const path of Object.keys(files)) {
      llm.enqueue(
        { toolCalls: [{ name: 'fetch_url', arguments: JSON.stringify({ url: `${base}${path}` }) }] },
        { text: ['Read.'] },
      );
      const before = llm.requests.length;
      sentAt.delete(path);
      // A new chat each time: the request carries this file's reading only, not the earlier ones.
      await panel.getByRole('button', { name: 'New' }).click();
      await sendChat(panel, `Read ${path}`);
      const approve = panel
        .locator('.tool-card[data-tool="fetch_url"]')
        .last()
        .getByRole('button', { name: 'Approve' });
      await approve.click({ timeout: 30_000 }).catch(() => undefined); // asked once a run; later runs may be allowed
      let requestAt = 0;
      for (;;) {
        if (
          sentAt.has(path) &&
          llm.requests.slice(before).some((r) => !isTitleRequest(r) && endsWithToolResult(r.body))
        ) {
          requestAt = performance.now();
          break;
        }
        await new Promise((r) => setTimeout(r, 2));
      }
      await panel.waitForFunction(
        () => {
          const last = [...document.querySelectorAll('.message.assistant')].at(-1);
          return last?.getAttribute('data-status') === 'complete' || last?.getAttribute('data-status') === 'error';
        },
        undefined,
        { timeout: 120_000 },
      );
      const ms = requestAt - sentAt.get(path)!;
      console.log(`run ${run} ${path}: ${round(ms, 0)} ms`);
      if (run > 0) times[path]!.push(ms); // the first run also loads the parsers' code
    }
  for (let run = 0; run < RUNS + 1; run++) {
    llm.enqueue({ text: ['Read.'] });
    await panel.getByRole('button', { name: 'New' }).click();
    await panel.getByRole('textbox', { name: 'Message' }).fill('Summarise the attached report.');
    const before = llm.requests.length;
    // A path, so the browser reads the file from disk as it would a picked file (no test transfer is timed).
    const start = performance.now();
    await panel.locator('input[type=file]').setInputFiles(attachPath);
    await panel.waitForFunction(
      () => document.querySelector('.composer .attachment-chip')?.getAttribute('data-status') !== 'reading',
      undefined,
      {
        timeout: 60_000,
        polling: 5,
      },
    );
    const readAt = performance.now();
    await panel.getByRole('textbox', { name: 'Message' }).press('Enter');
    let requestAt = 0;
    for (;;) {
      const sent = llm.requests
        .slice(before)
        .some((r) => !isTitleRequest(r) && JSON.stringify(r.body ?? '').includes('source=\\"attachments\\"'));
      if (sent) {
        requestAt = performance.now();
        break;
      }
      if (performance.now() - start > 60_000) throw new Error('the attachment never reached the model');
      await new Promise((r) => setTimeout(r, 2));
    }
    await panel.waitForFunction(
      () => [...document.querySelectorAll('.message.assistant')].at(-1)?.getAttribute('data-status') === 'complete',
      undefined,
      { timeout: 60_000 },
    );
    const ms = requestAt - start;
    console.log(`run ${run} attach 5 MB: ${round(ms, 0)} ms (read ${round(readAt - start, 0)} ms)`);
    if (run > 0) times.attach!.push(ms);
  }
} finally {
  await ext.close();
  await llm.close();
  server.close();
  rmSync(attachDir, { recursive: true, force: true });
}

const pdfMs = median(times['/report.pdf']!);
const docxMs = median(times['/handbook.docx']!);
const xlsxMs = median(times['/data.xlsx']!);
const attachMs = median(times.attach!);
const kbOf = (f: string) => statSync(join(extensionDir, f)).size / 1024;
const pageKb = round(kbOf('page-agent.js') + kbOf('page-reader.js'), 1);
console.log(
  `page scripts: page-agent.js ${round(kbOf('page-agent.js'), 1)} KB + page-reader.js ${round(kbOf('page-reader.js'), 1)} KB = ${pageKb} KB; on demand: page-actions.js ${round(kbOf('page-actions.js'), 1)} KB (a frame where an action types, presses keys, sets a slider, picks in a combobox or calls a tool the page offers)`,
);
console.log(
  `documents: pdf_pages_per_s=${round(300 / (pdfMs / 1000), 1)} pdf_300p_ms=${round(pdfMs, 0)} xlsx_rows_per_s=${round(XLSX_ROWS / (xlsxMs / 1000), 0)} docx_100p_ms=${round(docxMs, 0)} attach_5mb_to_request_ms=${round(attachMs, 0)} page_bundle_kb=${pageKb} panel_js_gz_kb=${startupGzipKb('sidepanel.html')}`,
);

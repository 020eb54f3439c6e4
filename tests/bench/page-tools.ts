// Times the page tools inside real Chromium: form snapshot of a 5,000-element / 200-field page, a 50-field
// fill with its checks and read-back, get_page_state's interactive snapshot of the same page (a fresh ref
// book, right after the fill changed 50 values), and read_page of a 1 MB article.
// Targets (medians): snapshot 50 ms, fill 8 ms, interactive snapshot 25 ms, read_page 100 ms; the WebMCP
// figures (page-tools/webmcp.ts): discovery of 20 tools 10 ms, call overhead 15 ms, shim 3 KB.
import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../harness/chromium';
import { bundlePageLib } from './page-tools/bundle-page-lib';
import { articleHtml, formsPageHtml } from './page-tools/generate-pages';
import { measureWebmcp } from './page-tools/webmcp';

const REPS = Number(process.env.BENCH_REPS ?? 9);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

const script = await bundlePageLib();
console.log(`bundled lib/page: ${(script.length / 1024).toFixed(0)} KiB`);
const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
try {
  const page = await browser.newPage();

  await page.setContent(formsPageHtml());
  await page.addScriptTag({ content: script });
  const forms = (await page.evaluate(`(() => {
    const T = globalThis.TabwisePage;
    const elements = document.getElementsByTagName('*').length;
    const snapshotMs = [], fillMs = [], interactiveMs = [];
    let listed = 0;
    let fields = 0, written = 0, failed = 0;
    for (let r = 0; r < ${REPS}; r++) {
      let t = performance.now();
      const snap = T.snapshotForms(document);
      snapshotMs.push(performance.now() - t);
      fields = snap.fields.length;
      const updates = {};
      for (const f of snap.fields.filter((f) => f.type === 'text' || f.type === 'email' || f.type === 'tel' || f.type === 'url').slice(0, 50)) {
        updates[f.key] = f.type === 'email' ? 'user' + r + '@example.com' : f.type === 'url' ? 'https://example.com/' + r : 'value ' + r;
      }
      t = performance.now();
      const result = T.fillForm(snap.allowlist, updates, { highlightMs: 1 });
      fillMs.push(performance.now() - t);
      // get_page_state's snapshot, with a fresh ref book each time (a new run on a page the agent just entered).
      t = performance.now();
      const state = T.snapshotPage(document, {}, { refs: new T.RefBook() });
      interactiveMs.push(performance.now() - t);
      listed = state.state.total;
      written = result.written.length;
      failed = result.failed.length;
    }
    return { elements, fields, written, failed, snapshotMs, fillMs, interactiveMs, listed };
  })()`)) as {
    elements: number;
    fields: number;
    written: number;
    failed: number;
    snapshotMs: number[];
    fillMs: number[];
    interactiveMs: number[];
    listed: number;
  };
  console.log(
    `forms page: ${forms.elements} elements, ${forms.fields} fields in the snapshot; fill wrote ${forms.written}, failed ${forms.failed}`,
  );
  console.log(`snapshot ms: ${forms.snapshotMs.map((x) => x.toFixed(1)).join(' ')}`);
  console.log(`fill50 ms: ${forms.fillMs.map((x) => x.toFixed(1)).join(' ')}`);
  console.log(
    `interactive snapshot (${forms.listed} listed) ms: ${forms.interactiveMs.map((x) => x.toFixed(1)).join(' ')}`,
  );
  if (forms.written !== 50) throw new Error(`expected 50 written fields, got ${forms.written}`);

  const html = articleHtml();
  await page.setContent(html);
  await page.addScriptTag({ content: script });
  const read = (await page.evaluate(`(() => {
    const T = globalThis.TabwisePage;
    const ms = [];
    let last;
    for (let r = 0; r < ${REPS}; r++) {
      const t = performance.now();
      last = T.readPage(document, {});
      ms.push(performance.now() - t);
    }
    return { ms, chars: last.markdown.length, total: last.totalChars, hiddenLeaked: /hidden \\d/.test(last.markdown) };
  })()`)) as { ms: number[]; chars: number; total: number; hiddenLeaked: boolean };
  console.log(
    `article: ${(html.length / 1e6).toFixed(2)} MB of HTML, ${read.total} chars of Markdown (window ${read.chars})`,
  );
  console.log(`read1mb ms: ${read.ms.map((x) => x.toFixed(1)).join(' ')}`);
  if (read.hiddenLeaked) throw new Error('hidden text leaked into read_page output');

  const webmcp = await measureWebmcp(page, script, REPS);
  console.log(
    `page-tools: snapshot_ms=${median(forms.snapshotMs).toFixed(1)} fill50_ms=${median(forms.fillMs).toFixed(1)} interactive_snapshot_ms=${median(forms.interactiveMs).toFixed(1)} read1mb_ms=${median(read.ms).toFixed(1)} webmcp_discover_ms=${webmcp.discoverMs.toFixed(1)} webmcp_call_overhead_ms=${webmcp.callMs.toFixed(1)} shim_kb=${webmcp.shimKb.toFixed(1)}`,
  );
} finally {
  await browser.close();
}

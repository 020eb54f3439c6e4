/**
 * The privacy corpus (privacy-corpus.ts) against what is indexed, end to end: with remembering on, pages
 * carrying every secret kind in their text, and pages whose URLs carry secrets, are captured by the real
 * capture script and ingested by the real queue and offscreen engine (the local test embedding model served
 * from ../shared/models). Then the index is searched for each secret's value in every mode and the stored
 * pages are listed: a secret found in a passage's text, title or URL, or in a stored URL, counts. Shared by
 * tests/security/privacy-index.spec.ts and the `security` bench (secrets_indexed).
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { callBackground, expect } from '../e2e/fixtures';
import { serveStatic } from '../harness/serve-static';
import { decideCapture } from '../../lib/retrieval/privacy-policy';
import { secretCases, secretUrlCases } from './privacy-corpus';
import type { SecurityFixtures } from './security-session';

export const modelsDir = resolve(process.env.TABWISE_MODELS_DIR ?? '../shared/models');
/** Whether the local test model the index needs is there (CI has it beside the project). */
export const haveTestModel = () => existsSync(resolve(modelsDir, 'glove-sif-100d', 'onnx', 'model.onnx'));

interface Stats {
  pages: number;
  queueDepth: number;
  lastError?: string;
}
interface Passage {
  url: string;
  title: string;
  text: string;
  fragmentUrl: string;
}
interface PageRow {
  url: string;
  title: string;
}

export interface PrivacyReport {
  /** Secrets planted (in page text and in URLs). */
  cases: number;
  /** Pages visited that the privacy policy lets in (a URL that looks private keeps its whole page out), and how many the index holds once the queue is empty. */
  admissible: number;
  indexedPages: number;
  /** The stored URLs, for failure messages. */
  storedUrls: string[];
  /** Each secret found in the index, with where. */
  found: { kind: string; secret: string; where: string }[];
  /** Prose each text page carried, and whether a search finds it (the corpus can fail: pages were indexed). */
  proseFound: boolean[];
}

const PER_PAGE = 6;
/** A distinct plain word per page, so a search proves each page is in the index. */
const pageWord = (i: number) => `ferncobble${String.fromCharCode(97 + i)}page`;
const filler = (i: number) =>
  Array.from(
    { length: 4 },
    (_, n) => `<p>Section ${n + 1}: notes about the ${pageWord(i)} plot, the weather and the garden.</p>`,
  ).join('');
const html = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><main><article><h1>${title}</h1>${body}</article></main></body></html>`;
const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

async function visit(context: BrowserContext, url: string) {
  const tab = await context.newPage();
  await tab.goto(url);
  await tab.bringToFront();
  // The dwell is 300 ms: give the capture time to go before the tab closes.
  await tab.waitForTimeout(900);
  await tab.close();
}

/** The URL of a secret URL case on the local server: its path, query, fragment and userinfo kept. */
function localUrl(base: string, original: string, path: string): string {
  const from = new URL(original);
  const to = new URL(`${base}${path}`);
  to.search = from.search;
  to.hash = from.hash;
  to.username = from.username;
  to.password = from.password;
  return to.href;
}

const unescapeMarkdown = (text: string) => text.replace(/\\([\\`*_{}[\]()#+\-.!~=>|])/g, '$1');
const safeDecode = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch (error) {
    if (error instanceof URIError) return s;
    throw error;
  }
};
const variants = (secret: string) => [...new Set([secret, secret.replace(/\s+/g, ' '), encodeURIComponent(secret)])];

export async function runPrivacyCorpus({
  context,
  extPage,
}: Pick<SecurityFixtures, 'context' | 'extPage'>): Promise<PrivacyReport> {
  const pages: Record<string, string> = {};
  const server = await serveStatic(pages, { '/models/': modelsDir });
  try {
    const textPages: { path: string; word: string }[] = [];
    for (let start = 0, i = 0; start < secretCases.length; start += PER_PAGE, i++) {
      const group = secretCases.slice(start, start + PER_PAGE);
      const path = `/notes/${i}.html`;
      pages[path] = html(
        `Garden notes ${i + 1}`,
        `<p>Overview of the ${pageWord(i)} notes.</p>${group.map((s) => `<p>${escapeHtml(s.text)}</p>`).join('')}${filler(i)}`,
      );
      textPages.push({ path, word: pageWord(i) });
    }
    const urlPages = secretUrlCases.map((s, n) => {
      const i = textPages.length + n;
      const path = `/linked/${n}`;
      pages[path] = html(
        `Linked page ${n + 1}`,
        `<p>The ${pageWord(i)} page, reached by a link that carries a ${s.kind}.</p>${filler(i)}`,
      );
      return localUrl(server.url, s.url, path);
    });

    await callBackground(extPage, 'index.settings.update', {
      enabled: true,
      dwellMs: 300,
      model: { id: 'glove-sif-100d', dtype: 'fp32', localModelUrl: `${server.url}/models/`, allowRemote: false },
    });
    const urls = [...textPages.map((p) => `${server.url}${p.path}`), ...urlPages];
    for (const url of urls) await visit(context, url);
    // A URL with userinfo is never captured either: the tab's URL keeps it, the document's location drops it,
    // and the background refuses a capture whose URL differs from the tab's ('url-changed').
    const admissible = urls.filter(
      (url) => decideCapture({ url, incognito: false }).index && !new URL(url).username,
    ).length;
    const indexedPages = await settle(extPage, admissible);

    // Everything the index holds that a search can reach: every passage any secret or any page's own word finds.
    const passages = new Map<string, Passage & { mode: string }>();
    const collect = async (query: string, mode: 'sparse' | 'hybrid') => {
      for (const p of await callBackground<Passage[]>(extPage, 'index.search', { query, mode, topK: 100, minScore: 0 }))
        passages.set(`${p.url}\n${p.text}`, { ...p, mode });
    };
    const cases = [...secretCases, ...secretUrlCases];
    for (const { secret } of cases) for (const mode of ['sparse', 'hybrid'] as const) await collect(secret, mode);
    const proseFound: boolean[] = [];
    for (const p of textPages) {
      const hits = await callBackground<Passage[]>(extPage, 'index.search', {
        query: p.word,
        mode: 'sparse',
        topK: 10,
      });
      proseFound.push(hits.some((h) => h.url.endsWith(p.path)));
      await collect(p.word, 'sparse');
    }
    const listed = await callBackground<{ pages: PageRow[] }>(extPage, 'index.pages', {});

    const found: PrivacyReport['found'] = [];
    for (const { kind, secret } of cases) {
      const forms = variants(secret);
      // Captured text is Markdown: a secret escaped by the converter (sk\_live\_…) is still the secret.
      const hit = (text: string) => forms.some((f) => unescapeMarkdown(text).includes(f) || text.includes(f));
      const row = listed.pages.find((p) => hit(p.url) || hit(p.title));
      const passage = [...passages.values()].find(
        (x) => hit(x.text) || hit(x.url) || hit(x.title) || hit(safeDecode(x.fragmentUrl)),
      );
      if (row) found.push({ kind, secret, where: `stored page ${row.url}` });
      else if (passage) found.push({ kind, secret, where: `${passage.mode} passage of ${passage.url}` });
    }
    return {
      cases: cases.length,
      admissible,
      indexedPages,
      storedUrls: listed.pages.map((p) => p.url),
      found,
      proseFound,
    };
  } finally {
    await server.close();
  }
}

/** Waits until the queue is empty and `expected` pages are in (or 45 s pass); returns the pages indexed. */
async function settle(extPage: Page, expected: number): Promise<number> {
  let pages = 0;
  await expect
    .poll(
      async () => {
        const stats = await callBackground<Stats>(extPage, 'index.stats', {});
        if (stats.lastError) throw new Error(`indexing failed: ${stats.lastError}`);
        pages = stats.pages;
        return stats.queueDepth === 0 && stats.pages >= expected;
      },
      { timeout: 60_000, intervals: [250, 500, 1000] },
    )
    .toBe(true)
    .catch(() => undefined);
  return pages;
}

// The WebMCP figures of the page-tools bench: discovery of 20 tools (10 forms declared with toolname, 10
// registered in script through the relay) by the page agent's listing, a script tool call's overhead through
// the relay when the tool itself does nothing (listing, schema check, the port's round trip), and the relay's
// built size (minified, KB of 1024). Targets: discovery ≤ 10 ms, call overhead ≤ 15 ms (medians), shim ≤ 3 KB.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

/** The relay as the extension builds it: the entrypoint's one call, minified. */
async function shimBytes(): Promise<number> {
  const entry = fileURLToPath(new URL('../../../lib/page/webmcp-relay.ts', import.meta.url));
  const result = await build({
    stdin: {
      contents: `import { installWebmcpRelay } from ${JSON.stringify(entry)}; installWebmcpRelay(window);`,
      resolveDir: '.',
    },
    bundle: true,
    write: false,
    format: 'iife',
    minify: true,
    target: 'chrome120',
    logLevel: 'silent',
  });
  return result.outputFiles[0]?.contents.length ?? NaN;
}

const toolsPage = () =>
  `<!doctype html><body>${Array.from(
    { length: 10 },
    (_, i) =>
      `<form toolname="form_tool_${i}" tooldescription="Form tool ${i}."><label>Query ${i} <input name="q${i}" toolparamdescription="What to look for"></label><select name="s${i}"><option>a</option><option>b</option></select><button>Go</button></form>`,
  ).join('')}</body>`;

export async function measureWebmcp(page: Page, script: string, reps: number) {
  await page.setContent(toolsPage());
  await page.addScriptTag({ content: script });
  const r = (await page.evaluate(`(async () => {
    const T = globalThis.TabwisePage;
    T.installWebmcpRelay(window);
    for (let i = 0; i < 10; i++)
      navigator.modelContext.registerTool({ name: 'script_tool_' + i, description: 'Script tool ' + i + '.',
        inputSchema: { type: 'object', properties: { id: { type: 'string' } } }, annotations: { readOnlyHint: i % 2 === 0 },
        execute: async () => 'ok' });
    const client = T.createScriptToolsClient(window);
    await T.listPageTools(document, client);
    const discover = [], call = [];
    let listed = 0;
    for (let r = 0; r < ${reps}; r++) {
      let t = performance.now();
      const offered = await T.listPageTools(document, client);
      discover.push(performance.now() - t);
      listed = offered.length;
      t = performance.now();
      await T.callPageTool(await T.listPageTools(document, client), { name: 'script_tool_3', args: { id: 'x' } }, undefined, { script: client, validate: T.validateToolArgs });
      call.push(performance.now() - t);
    }
    return { discover, call, listed };
  })()`)) as { discover: number[]; call: number[]; listed: number };
  if (r.listed !== 20) throw new Error(`expected 20 page tools, listed ${r.listed}`);
  console.log(`webmcp discover (20 tools) ms: ${r.discover.map((x) => x.toFixed(1)).join(' ')}`);
  console.log(`webmcp call overhead ms: ${r.call.map((x) => x.toFixed(1)).join(' ')}`);
  return {
    discoverMs: median(r.discover),
    callMs: median(r.call),
    shimKb: (await shimBytes()) / 1024,
  };
}

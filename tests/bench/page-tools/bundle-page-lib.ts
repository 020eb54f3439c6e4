import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

/** Bundles lib/page into one script that defines `globalThis.TabwisePage`, for injection into a page. */
export async function bundlePageLib(): Promise<string> {
  const entry = fileURLToPath(new URL('../../../lib/page/index.ts', import.meta.url));
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: 'iife',
    globalName: 'TabwisePage',
    platform: 'browser',
    target: 'chrome120',
    minify: process.env.BENCH_MINIFY !== '0',
    logLevel: 'silent',
  });
  const file = result.outputFiles[0];
  if (!file) throw new Error('esbuild produced no output for lib/page');
  return file.text;
}

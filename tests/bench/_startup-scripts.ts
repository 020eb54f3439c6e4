/** The JavaScript an extension page loads at start, from the built .output/chrome-mv3 (ui and documents benches). */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { extensionDir } from '../harness/launch-extension';
import { round } from './_stats';

/** The built files a page loads at start: its module scripts and preloads, then their static imports. */
export function startupScripts(html: string): string[] {
  const text = readFileSync(join(extensionDir, html), 'utf8');
  const queue = [
    ...text.matchAll(/<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="\/?([^"]+\.js)"/g),
  ].map((m) => m[1]!);
  const seen = new Set<string>();
  while (queue.length) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(join(extensionDir, file), 'utf8');
    // Static imports only (`import … from "./x.js"`, `import "./x.js"`); `import("…")` loads later.
    for (const m of code.matchAll(/\bimport\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+\.js)["']/g)) {
      const spec = m[1]!;
      queue.push(spec.startsWith('/') ? spec.slice(1) : join(dirname(file), spec));
    }
  }
  return [...seen];
}

/** Each startup file of `html` with its gzip size (level 9, bytes). */
export function startupScriptSizes(html: string): Array<{ file: string; gz: number }> {
  return startupScripts(html).map((file) => ({
    file,
    gz: gzipSync(readFileSync(join(extensionDir, file)), { level: 9 }).length,
  }));
}

/** KB (of 1024) of gzip JavaScript `html` loads at start. */
export function startupGzipKb(html: string): number {
  return round(startupScriptSizes(html).reduce((s, x) => s + x.gz, 0) / 1024, 1);
}

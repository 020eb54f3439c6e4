// Profiles the page-tools bench's fill and interactive snapshot with Chromium's sampling profiler (CDP), and prints
// the functions with the most inclusive and self time inside fillForm and snapshotPage (unminified bundle).
// Run: npx tsx tests/bench/_page-profile.ts [reps]
import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../harness/chromium';
import { bundlePageLib } from './page-tools/bundle-page-lib';
import { formsPageHtml } from './page-tools/generate-pages';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

process.env.BENCH_MINIFY = '0';
const reps = Number(process.argv[2] ?? 20);
const script = await bundlePageLib();
const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
try {
  const page = await browser.newPage();
  await page.setContent(formsPageHtml());
  await page.addScriptTag({ content: script });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 50 });
  await cdp.send('Profiler.start');
  await page.evaluate(`(() => {
    const T = globalThis.TabwisePage;
    for (let r = 0; r < ${reps}; r++) {
      const snap = T.snapshotForms(document);
      const updates = {};
      for (const f of snap.fields.filter((f) => f.type === 'text' || f.type === 'email' || f.type === 'tel' || f.type === 'url').slice(0, 50))
        updates[f.key] = f.type === 'email' ? 'user' + r + '@example.com' : f.type === 'url' ? 'https://example.com/' + r : 'value ' + r;
      T.fillForm(snap.allowlist, updates, { highlightMs: 1 });
      T.snapshotPage(document, {}, { refs: new T.RefBook() });
    }
  })()`);
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
  report(profile, 'fillForm');
  report(profile, 'snapshotPage');
} finally {
  await browser.close();
}

function report(profile: Profile, root: string): void {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const name = (n: ProfileNode) => `${n.callFrame.functionName || '(anon)'}:${n.callFrame.lineNumber}`;
  const inclusive = new Map<string, number>();
  const self = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const dt = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const stack: ProfileNode[] = [];
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) stack.push(byId.get(at)!);
    const rootAt = stack.findIndex((n) => n.callFrame.functionName === root);
    if (rootAt < 0) return;
    total += dt;
    const leaf = stack[0]!;
    self.set(name(leaf), (self.get(name(leaf)) ?? 0) + dt);
    const seen = new Set<string>();
    for (const n of stack.slice(0, rootAt + 1)) {
      const k = name(n);
      if (seen.has(k)) continue;
      seen.add(k);
      inclusive.set(k, (inclusive.get(k) ?? 0) + dt);
    }
  });
  const top = (m: Map<string, number>) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 40)
      .map(([k, v]) => `  ${(v / reps).toFixed(2).padStart(7)} ms  ${k}`)
      .join('\n');
  console.log(`\n== ${root}: ${(total / reps).toFixed(2)} ms per call (sampled)\n-- inclusive\n${top(inclusive)}`);
  console.log(`-- self\n${top(self)}`);
}

/** Where Chromium is and how it must be started on this sandboxed machine (see ENVIRONMENT.md). */
import { existsSync } from 'node:fs';

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Chromium 156 preloads the omnibox's WebUI popup in a renderer of its own at every start: about 1.3 CPU-seconds
  // per launch that no test or bench uses (measured from /proc: a launch plus the options page, 3.98 s → 2.66 s).
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup,WebUIOmniboxFullPopup',
];

/**
 * Added for the browser-mode tests only, never for the product's e2e launches: with it, headless Chromium offers a
 * WebGPU adapter even beside --disable-gpu, SwiftShader's software one (vendor google, architecture swiftshader,
 * GPUAdapterInfo.isFallbackAdapter true), in pages and in dedicated workers of extension pages alike. Without it
 * `navigator.gpu` exists but `requestAdapter()` answers null (so does `--enable-features=Vulkan` alone, or dropping
 * --disable-gpu). The product's 'auto' choice does not use a software adapter, so only tests that force WebGPU run on it.
 */
export const webGpuTestArgs = ['--enable-unsafe-webgpu'];

export function chromiumPath(): string {
  const candidates = [
    process.env.CHROMIUM_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
  ];
  const found = candidates.find((p): p is string => !!p && existsSync(p));
  if (!found) throw new Error('No Chromium found: install it (apt-get install chromium) or set CHROMIUM_PATH.');
  return found;
}

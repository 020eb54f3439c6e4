/**
 * `npm run screenshots` cannot silently rot: the same scenes run against the built extension and each
 * picture must be a PNG of its viewport's size that actually shows something (not one flat colour).
 */
import { readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../harness/chromium';
import { SHOTS, takeScreenshots, type ShotName } from '../harness/screenshot-scenes';
import { expect, test } from './fixtures';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

test('the screenshot scenes write a non-blank PNG of the expected size for each README picture', async () => {
  test.setTimeout(180_000);
  const files = await takeScreenshots(test.info().outputPath('screenshots'));
  expect(Object.keys(files).sort()).toEqual(Object.keys(SHOTS).sort());

  const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
  try {
    const page = await browser.newPage();
    for (const [name, path] of Object.entries(files) as [ShotName, string][]) {
      const png = readFileSync(path);
      expect(png.subarray(0, 8).equals(PNG_SIGNATURE), `${name} is a PNG`).toBe(true);
      // IHDR comes first: width and height are the big-endian words at bytes 16 and 20.
      expect({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) }, name).toEqual(SHOTS[name]);
      // Decoded by the browser: the luminance must vary (a blank or single-colour picture has none).
      const spread = await page.evaluate(
        async (dataUrl) => {
          const bitmap = await createImageBitmap(await (await fetch(dataUrl)).blob());
          const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
          const ctx = canvas.getContext('2d')!;
          ctx.drawImage(bitmap, 0, 0);
          const { data } = ctx.getImageData(0, 0, bitmap.width, bitmap.height);
          let sum = 0;
          let sumSq = 0;
          const n = data.length / 4;
          for (let i = 0; i < data.length; i += 4) {
            const y = 0.2126 * data[i]! + 0.7152 * data[i + 1]! + 0.0722 * data[i + 2]!;
            sum += y;
            sumSq += y * y;
          }
          const mean = sum / n;
          return { mean, variance: sumSq / n - mean * mean };
        },
        `data:image/png;base64,${png.toString('base64')}`,
      );
      expect(spread.variance, `${name} is not blank`).toBeGreaterThan(100);
      // Dark mode must really be dark, light mode light.
      if (name === 'panel-dark.png') expect(spread.mean, name).toBeLessThan(100);
      if (name === 'panel-light.png') expect(spread.mean, name).toBeGreaterThan(155);
    }
  } finally {
    await browser.close();
  }
});

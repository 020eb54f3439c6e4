/**
 * Screenshots of one state at the panel's narrow widths (320 and 360 px) in light and dark, written to
 * test-results/look/<name>-<width>-<scheme>.png for a person to look at. The page is put back to 360 px light.
 */
import type { Page } from '@playwright/test';

export async function lookAt(page: Page, name: string, height = 640): Promise<string[]> {
  const files: string[] = [];
  for (const width of [320, 360])
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height });
      await page.emulateMedia({ colorScheme });
      const path = `test-results/look/${name}-${width}-${colorScheme}.png`;
      await page.screenshot({ path });
      files.push(path);
    }
  await page.setViewportSize({ width: 360, height });
  await page.emulateMedia({ colorScheme: 'light' });
  return files;
}

/** Makes chrome.i18n answer from the German messages for the rest of a test (restored by vi.restoreAllMocks). */
import { vi } from 'vitest';
import { localeMessage } from '../../harness/locale-messages';

export function inGerman(): void {
  vi.spyOn(chrome.i18n, 'getMessage').mockImplementation(localeMessage('de'));
}

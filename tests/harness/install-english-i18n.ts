/** Vitest setup (unit and browser projects): gives `chrome.i18n` the English messages where no extension provides it. */
import { beforeEach } from 'vitest';
import { installEnglishI18n } from './install-english-i18n-global';

// Again before each test: WXT's setup may stub `chrome` with its fake browser after this file ran.
beforeEach(installEnglishI18n);

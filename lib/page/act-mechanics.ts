/**
 * The contents of the `act` part (act-part.ts): bundled into entrypoints/page-actions.ts, never into the page
 * agent. Tests hand it to the agent directly, as they hand it the page reader.
 */
import type { ActPart } from './act-part';
import { chooseOption } from './choose-option';
import { isPrintable, parseKey } from './key-events';
import { pressKey } from './press-key';
import { selectText } from './select-text';
import { setSliderValue } from './set-slider-value';
import { typeText } from './type-text';
import { validateToolArgs } from './validate-tool-args';

export const actMechanics: ActPart = {
  parseKey,
  isPrintable,
  pressKey,
  typeText,
  setSliderValue,
  chooseOption,
  selectText,
  validateToolArgs,
};

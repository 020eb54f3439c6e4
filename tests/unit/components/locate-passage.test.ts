import { describe, expect, it } from 'vitest';
import { locatePassage } from '../../../components/viewer/locate-passage';

describe('locatePassage', () => {
  const text = '# Plan\n\nThe launch   code name is\nBLUEHERON, and the date is 3 March.\n\nOther text.';
  it('finds the passage across spacing and line breaks', () => {
    const at = locatePassage(text, 'The launch code name is BLUEHERON, and the date')!;
    expect(text.slice(...at)).toBe('The launch   code name is\nBLUEHERON, and the date');
  });
  it('finds a passage by its first words when its end changed', () => {
    const at = locatePassage(text, 'the launch code name is GREENHERON now')!;
    expect(text.slice(...at)).toMatch(/^The launch/);
  });
  it('answers undefined when the passage is not there', () => {
    expect(locatePassage(text, 'nothing of this is in the file')).toBeUndefined();
    expect(locatePassage(text, '…')).toBeUndefined();
  });
});

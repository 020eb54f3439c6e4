import { describe, expect, it } from 'vitest';
import { cueText, formatCueTime } from '../../../lib/page/read-video-captions';

describe('video captions as a transcript', () => {
  it('shows a cue time as players do: m:ss, h:mm:ss past an hour', () => {
    expect(formatCueTime(0)).toBe('0:00');
    expect(formatCueTime(1.5)).toBe('0:01');
    expect(formatCueTime(65)).toBe('1:05');
    expect(formatCueTime(3725.2)).toBe('1:02:05');
  });

  it("reads a cue's text without WebVTT's voice, class and timestamp tags, entities decoded, on one line", () => {
    expect(cueText('<v Guide>Welcome</v> to <c.loud>Cape <b>Fetch</b></c>')).toBe('Welcome to Cape Fetch');
    expect(cueText('Fish &amp; chips &lt;3\nat <00:00:05.000>noon')).toBe('Fish & chips <3 at noon');
  });
});

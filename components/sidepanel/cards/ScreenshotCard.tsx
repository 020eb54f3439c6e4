import { useMemo } from 'preact/hooks';
import { imageResultOf } from '../../../lib/providers/tool-result-image';
import type { CardProps } from './card-props';
import { outputOf, resultTextOf } from './result-of';
import { t } from '../../ui/t';

/**
 * The screenshot the model was sent, as a thumbnail (a data: URL of the captured PNG, checked to be a PNG
 * or JPEG in base64: it loads nothing), with what the result told the model.
 */
export function ScreenshotCard({ part }: CardProps) {
  // Checking the base64 image is costly, and the card re-renders on every streamed word of the answer.
  const shot = useMemo(
    () => (part.status === 'done' ? imageResultOf(outputOf(part)) : undefined),
    [part.status, part.result, part.output],
  );
  // Anything else it returned is shown as the text it is.
  const text = shot ? shot.note : part.status === 'done' ? resultTextOf(part) : undefined;
  if (text === undefined) return null;
  return (
    <div class="card-summary">
      {shot && (
        <img
          class="screenshot-thumb"
          src={`data:${shot.image.mediaType};base64,${shot.image.data}`}
          alt={t('card_screenshot_alt')}
        />
      )}
      <p class="card-line">{text}</p>
    </div>
  );
}

import { useMemo } from 'preact/hooks';
import { splitToolResultImage } from '../../../lib/providers/tool-result-image';
import type { CardProps } from './card-props';
import { t } from '../../ui/t';

/**
 * The screenshot the model was sent, as a thumbnail (a data: URL of the captured PNG, checked to be a PNG
 * or JPEG in base64: it loads nothing), with what the result told the model.
 */
export function ScreenshotCard({ part }: CardProps) {
  const { status, output, toolCallId, toolName } = part;
  // Parsing the base64 image is costly, and the card re-renders on every streamed word of the answer.
  const split = useMemo(
    () => (status === 'done' && output !== undefined ? splitToolResultImage({ type: 'tool-result', toolCallId, toolName, output }) : undefined),
    [status, output, toolCallId, toolName],
  );
  if (!split) return null;
  const { text, image } = split;
  return (
    <div class="card-summary">
      {image && <img class="screenshot-thumb" src={`data:${image.mediaType};base64,${image.data}`} alt={t('card_screenshot_alt')} />}
      <p class="card-line">{text}</p>
    </div>
  );
}

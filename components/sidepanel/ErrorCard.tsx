import type { ErrorInfo } from '../../lib/core/error-info';
import { describeError } from '../ui/describe-error';
import { t } from '../ui/t';

export function ErrorCard({
  error,
  onRetry,
  onSettings,
  canRetry,
}: {
  error: ErrorInfo;
  onRetry: () => void;
  onSettings: () => void;
  canRetry: boolean;
}) {
  const advice = describeError(error);
  return (
    <div class="error-card" role="alert" data-code={error.code}>
      <strong>{advice.title}</strong>
      <p>{advice.detail}</p>
      <div class="actions">
        {advice.fix === 'settings' && (
          <button type="button" class="link" onClick={onSettings}>
            {t('error_open_settings')}
          </button>
        )}
        {canRetry && (
          <button type="button" onClick={onRetry}>
            {t('error_retry')}
          </button>
        )}
      </div>
    </div>
  );
}

import { useEffect, useRef } from 'preact/hooks';
import type { ViewerState } from './viewer-state';
import { t } from '../ui/t';

/**
 * A folder document or a kept attachment, read-only, at the cited passage. Its text is rendered as TEXT (Preact text nodes in a
 * <pre>): markup in the file is shown, never parsed, so the file can run nothing and load nothing.
 */
export function ViewerApp({ state }: { state: ViewerState }) {
  const mark = useRef<HTMLElement>(null);
  useEffect(() => void state.load(), [state]);
  const file = state.file.value;
  const at = state.passage.value;
  useEffect(() => mark.current?.scrollIntoView({ block: 'center' }), [file, at]);
  if (!state.target)
    return (
      <main class="viewer">
        <p role="alert">{t('viewer_invalid')}</p>
      </main>
    );
  return (
    <main class="viewer">
      {state.needsPermission.value !== null && (
        <p role="status">
          {t('folder_permission_prompt', state.needsPermission.value)}{' '}
          <button type="button" class="primary" onClick={() => void state.allow()}>
            {t('documents_allow')}
          </button>
        </p>
      )}
      {state.error.value && <p role="alert">{state.error.value}</p>}
      {!file && state.needsPermission.value === null && !state.error.value && <p>{t('viewer_loading')}</p>}
      {file && (
        <>
          <h1 class="viewer-heading">{file.heading}</h1>
          {state.target.passage && !at && <p role="status">{t('viewer_passage_missing')}</p>}
          <pre class="viewer-text" data-testid="viewer-text">
            {at ? file.text.slice(0, at[0]) : file.text}
            {at && (
              <mark ref={mark} data-testid="viewer-passage">
                {file.text.slice(at[0], at[1])}
              </mark>
            )}
            {at && file.text.slice(at[1])}
          </pre>
        </>
      )}
    </main>
  );
}

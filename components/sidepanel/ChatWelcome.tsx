import type { ChatState } from './chat-state';
import { StartingPoints } from './StartingPoints';
import { fillSlots } from '../ui/fill-slots';
import { t } from '../ui/t';

/** An empty conversation: the model it will use and starting points, or a way to add a provider. */
export function ChatWelcome({ state }: { state: ChatState }) {
  const provider = state.activeProvider.value;
  return (
    <div class="welcome">
      {provider ? (
        <>
          <p>{t('panel_empty', provider.name, provider.model)}</p>
          <StartingPoints state={state} />
        </>
      ) : (
        <p>
          {fillSlots(
            'panel_no_model',
            <button type="button" class="link" onClick={() => state.openSettings()}>
              {t('panel_add_provider')}
            </button>,
          )}
        </p>
      )}
    </div>
  );
}

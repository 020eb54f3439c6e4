/**
 * The panel's model switcher: every provider's models, grouped by provider, and which one the conversation on
 * screen answers with. A choice applies to that conversation only (stored on it); the default stays in Settings.
 */
import { computed, signal } from '@preact/signals';
import type { ModelGroup } from '../../lib/background/protocol';
import { sendToBackground } from '../../lib/background/send-to-background';
import type { ConversationModel } from '../../lib/storage/records';
import type { ChatState } from './chat-state';
import { t } from '../ui/t';

export const modelKey = (m: ConversationModel) => JSON.stringify([m.providerId, m.modelId]);

export function createModelSwitcherState(chat: Pick<ChatState, 'conversation' | 'modelForNewChat' | 'notice'>) {
  const groups = signal<ModelGroup[]>([]);
  /** The fallback list in Settings, which a conversation without its own follows. */
  const defaultFallbacks = signal<ConversationModel[]>([]);
  const ownFallbacks = computed(() => chat.conversation.value?.fallbackModels);
  /** What the next answer in this conversation falls back to, in order. */
  const fallbacks = computed(() => ownFallbacks.value ?? defaultFallbacks.value);
  const defaultModel = computed<ConversationModel | undefined>(() => {
    const g = groups.value.find((x) => x.isDefault) ?? groups.value[0];
    return g ? { providerId: g.providerId, modelId: g.defaultModel } : undefined;
  });
  /** What the next answer in this conversation will use. */
  const current = computed(
    () =>
      chat.conversation.value?.model ??
      (chat.conversation.value ? undefined : chat.modelForNewChat.value) ??
      defaultModel.value,
  );

  return {
    groups,
    current,
    fallbacks,
    ownFallbacks,
    hasConversation: computed(() => !!chat.conversation.value),
    async load() {
      try {
        const [listed, settings] = await Promise.all([
          sendToBackground('models.list', {}),
          sendToBackground('settings.get', {}),
        ]);
        groups.value = listed;
        defaultFallbacks.value = settings.fallbackModels ?? [];
      } catch (e) {
        chat.notice.value = t('notice_list_models', (e as Error).message);
      }
    },
    /** This conversation's own fallback list; null follows the list in Settings again. */
    async setFallbacks(models: ConversationModel[] | null) {
      const conversation = chat.conversation.value;
      if (!conversation) return;
      try {
        await sendToBackground('conversations.setFallbacks', { id: conversation.id, models });
        if (chat.conversation.value?.id !== conversation.id) return;
        const { fallbackModels: _was, ...rest } = conversation;
        chat.conversation.value = models ? { ...rest, fallbackModels: models } : rest;
      } catch (e) {
        chat.notice.value = t('notice_fallbacks', (e as Error).message);
      }
    },
    async choose(model: ConversationModel) {
      const conversation = chat.conversation.value;
      if (!conversation) {
        chat.modelForNewChat.value = model;
        return;
      }
      try {
        await sendToBackground('conversations.setModel', { id: conversation.id, model });
        if (chat.conversation.value?.id === conversation.id) chat.conversation.value = { ...conversation, model };
      } catch (e) {
        chat.notice.value = t('notice_switch_model', (e as Error).message);
      }
    },
  };
}

export type ModelSwitcherState = ReturnType<typeof createModelSwitcherState>;

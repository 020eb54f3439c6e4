/**
 * Why an attached image would not be sent: the conversation's model (or the one chosen for a new conversation)
 * is not one the catalog marks as taking images. Undefined when it is.
 */
import { lookupModel } from '../providers/model-catalog';
import type { ConversationStore } from '../storage/conversation-store';
import type { ConversationModel } from '../storage/records';
import { t } from '../util/t';
import type { ModelResolver } from './model-resolver';

export function createImageRefusal(deps: {
  conversations: ConversationStore | Promise<ConversationStore>;
  models: Pick<ModelResolver, 'forNewRun'>;
}): (conversationId: string | undefined, model: ConversationModel | undefined) => Promise<string | undefined> {
  return async (conversationId, model) => {
    const conversation = conversationId ? await (await deps.conversations).getConversation(conversationId) : undefined;
    const resolved = await deps.models.forNewRun(conversation?.model ?? model).catch(() => undefined);
    if (!resolved) return t('attachment_image_no_model');
    return lookupModel(resolved.ref.modelId).images === true
      ? undefined
      : t('attachment_image_not_sent', resolved.ref.modelId);
  };
}

/** What the provider form says about Chrome's built-in model, from what Chrome reports. */
import { findLanguageModel, type LanguageModelApi, type LanguageModelAvailability } from './language-model-api';
import { t, type MessageKey } from '../util/t';

export interface BuiltinModelStatus {
  /** 'missing' when this Chrome has no Prompt API at all. */
  availability: LanguageModelAvailability | 'missing';
  /** One sentence a person can act on. */
  message: string;
}

/** What to say when this browser has no Prompt API at all (the form, and a run that tries the model). */
export const builtinMissingMessage = () => t('prov_builtin_missing');

const messages: Record<LanguageModelAvailability, MessageKey> = {
  unavailable: 'prov_builtin_unavailable',
  downloadable: 'prov_builtin_downloadable',
  downloading: 'prov_builtin_downloading',
  available: 'prov_builtin_available',
};

/** Asks Chrome (the given API, else this context's global) how its built-in model is doing. */
export async function describeBuiltinModel(
  api: LanguageModelApi | undefined = findLanguageModel(),
): Promise<BuiltinModelStatus> {
  if (!api) return { availability: 'missing', message: builtinMissingMessage() };
  const availability = await api.availability();
  const key: MessageKey | undefined = messages[availability];
  return { availability, message: key ? t(key) : t('prov_builtin_other', String(availability)) };
}

/** What the provider form says about Chrome's built-in model, from what Chrome reports. */
import { findLanguageModel, type LanguageModelApi, type LanguageModelAvailability } from './language-model-api';

export interface BuiltinModelStatus {
  /** 'missing' when this Chrome has no Prompt API at all. */
  availability: LanguageModelAvailability | 'missing';
  /** One sentence a person can act on. */
  message: string;
}

export const BUILTIN_MISSING_MESSAGE =
  'Not available: this browser has no built-in model (the Prompt API, LanguageModel). It needs Chrome 138 or newer on Windows, macOS, Linux or a Chromebook Plus.';

const messages: Record<LanguageModelAvailability, string> = {
  unavailable: 'Not available: Chrome reports that its built-in model cannot run on this device (it needs 22 GB of free disk space and a GPU with more than 4 GB of memory, or 16 GB of RAM and 4 CPU cores; chrome://on-device-internals says more).',
  downloadable: 'Available after a download: Chrome fetches the model (a few GB) the first time it is used.',
  downloading: 'Downloading: Chrome is fetching the model; chat works once it is done.',
  available: 'Ready: the model is on this computer.',
};

/** Asks Chrome (the given API, else this context's global) how its built-in model is doing. */
export async function describeBuiltinModel(api: LanguageModelApi | undefined = findLanguageModel()): Promise<BuiltinModelStatus> {
  if (!api) return { availability: 'missing', message: BUILTIN_MISSING_MESSAGE };
  const availability = await api.availability();
  return { availability, message: messages[availability] ?? `Chrome reports "${String(availability)}".` };
}

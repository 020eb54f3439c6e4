/**
 * What an OpenAI-compatible models list says about a model beyond its id, where the server reports it:
 * Groq's `context_window`, OpenRouter's `context_length` and `supported_parameters`, Mistral's
 * `max_context_length` and `capabilities.function_calling`. Pure; anything malformed is ignored.
 */

export interface ReportedLimits {
  contextWindowTokens?: number;
  tools?: boolean;
  reasoning?: boolean;
}

const positiveInt = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isInteger(v) && v >= 1000 && v <= 100_000_000 ? v : undefined;

export function readReportedLimits(entry: unknown): ReportedLimits | undefined {
  if (!entry || typeof entry !== 'object') return undefined;
  const m = entry as Record<string, unknown>;
  const limits: ReportedLimits = {};
  const window = positiveInt(m.context_window) ?? positiveInt(m.context_length) ?? positiveInt(m.max_context_length);
  if (window !== undefined) limits.contextWindowTokens = window;
  if (Array.isArray(m.supported_parameters)) {
    const params = m.supported_parameters.filter((p): p is string => typeof p === 'string');
    limits.tools = params.includes('tools');
    limits.reasoning = params.includes('reasoning') || params.includes('reasoning_effort');
  }
  const capabilities = m.capabilities;
  if (capabilities && typeof capabilities === 'object') {
    const fc = (capabilities as Record<string, unknown>).function_calling;
    if (typeof fc === 'boolean') limits.tools = fc;
  }
  return Object.keys(limits).length > 0 ? limits : undefined;
}

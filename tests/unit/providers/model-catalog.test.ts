import { afterEach, describe, expect, it, vi } from 'vitest';
import { lookupModel, normaliseModelId, UNKNOWN_CONTEXT_WINDOW } from '../../../lib/providers/model-catalog';
import { presetModels } from '../../../lib/providers/preset-models';
import { providerPresetCount, providerPresets } from '../../../lib/providers/provider-presets';
import { inGerman } from './in-german';

describe('provider presets', () => {
  it('offers at least ten, among them every vendor the issue names', () => {
    expect(providerPresetCount).toBe(providerPresets.length);
    expect(providerPresetCount).toBeGreaterThanOrEqual(10);
    const labels = providerPresets.map((p) => p.label).join(' | ');
    for (const vendor of [
      'OpenAI',
      'Anthropic',
      'Google Gemini',
      'Azure OpenAI',
      'Groq',
      'Mistral',
      'DeepSeek',
      'xAI',
      'Ollama',
      'LM Studio',
      'OpenRouter',
      'Chrome built-in',
    ]) {
      expect(labels).toContain(vendor);
    }
    expect(new Set(providerPresets.map((p) => p.id)).size).toBe(providerPresets.length);
  });

  it('gives each cloud preset a static model list whose models the catalog knows, default model first among them', () => {
    for (const p of providerPresets) {
      const list = presetModels[p.id];
      if (['ollama', 'lmstudio', 'custom', 'azure-openai'].includes(p.id)) continue;
      expect(list, p.id).toBeDefined();
      expect(list!.length, p.id).toBeGreaterThan(0);
      expect(list, p.id).toContain(p.model);
      if (p.id === 'openrouter') continue; // a router: its models belong to other vendors
      for (const m of list!) expect(lookupModel(m).known, `${p.id} ${m}`).toBe(true);
    }
  });

  it('no longer tells Ollama users to set OLLAMA_ORIGINS', () => {
    expect(providerPresets.find((p) => p.id === 'ollama')!.hint).not.toMatch(/OLLAMA_ORIGINS=/);
  });

  describe("in the user's language", () => {
    afterEach(() => vi.restoreAllMocks());

    it('reads labels and hints from the locale when shown; vendor names stay as they are', () => {
      const preset = (id: string) => providerPresets.find((p) => p.id === id)!;
      expect(preset('ollama').label).toBe('Ollama (local)');
      inGerman();
      expect(preset('ollama').label).toBe('Ollama (lokal)');
      expect(preset('custom').label).toBe('Anderer OpenAI-kompatibler Server');
      expect(preset('openai').label).toBe('OpenAI');
      expect(preset('openai').hint).toBe('Erstellen Sie einen Schlüssel unter platform.openai.com → API keys.');
      expect(preset('chrome-builtin').hint).toMatch(/^Läuft auf diesem Computer direkt in Chrome/);
    });
  });
});

describe('model catalog', () => {
  it('knows context windows, reasoning and tools of documented models', () => {
    expect(lookupModel('gpt-4o-mini')).toEqual({
      contextWindowTokens: 128_000,
      reasoning: false,
      tools: true,
      images: true,
      known: true,
    });
    expect(lookupModel('o4-mini')).toMatchObject({ contextWindowTokens: 200_000, reasoning: true });
    expect(lookupModel('claude-sonnet-4-5')).toMatchObject({
      contextWindowTokens: 200_000,
      reasoning: true,
      tools: true,
    });
    expect(lookupModel('claude-3-5-haiku-latest')).toMatchObject({ reasoning: false });
    expect(lookupModel('gemini-2.5-flash')).toMatchObject({ contextWindowTokens: 1_048_576, reasoning: true });
    expect(lookupModel('grok-3-mini')).toMatchObject({ reasoning: true });
    expect(lookupModel('magistral-medium-latest')).toMatchObject({ contextWindowTokens: 40_000, reasoning: true });
  });

  it('reads ids the way servers wrap them', () => {
    expect(normaliseModelId('models/gemini-2.5-pro')).toBe('gemini-2.5-pro');
    expect(normaliseModelId('openai/gpt-oss-120b')).toBe('gpt-oss-120b');
    expect(normaliseModelId('gemma3:latest')).toBe('gemma3');
    expect(lookupModel('models/gemini-2.0-flash')).toMatchObject({ known: true, reasoning: false });
    expect(lookupModel('gemma3:4b')).toMatchObject({ known: true, tools: false });
  });

  it('falls back to a conservative window for a model it does not know, with tools and images unknown', () => {
    const info = lookupModel('my-finetune-7b');
    expect(info).toEqual({ contextWindowTokens: UNKNOWN_CONTEXT_WINDOW, reasoning: false, known: false });
    expect(UNKNOWN_CONTEXT_WINDOW).toBeLessThan(lookupModel('gpt-4o').contextWindowTokens);
    expect(info.tools).toBeUndefined();
    expect(info.images).toBeUndefined();
  });

  it('knows which models take images, as their vendors document them, and leaves the rest unknown', () => {
    const images = (ids: string[]) => Object.fromEntries(ids.map((id) => [id, lookupModel(id).images]));
    const all = (ids: string[], value: boolean | undefined) => Object.fromEntries(ids.map((id) => [id, value]));
    const seeing = [
      'gpt-4o',
      'gpt-4o-mini',
      'gpt-4.1-nano',
      'gpt-5',
      'gpt-5-mini',
      'gpt-4-turbo',
      'o1',
      'o3',
      'o3-pro',
      'o4-mini',
      'claude-3-haiku-20240307',
      'claude-3-7-sonnet-latest',
      'claude-sonnet-4-5',
      'claude-opus-4-1',
      'claude-haiku-4-5',
      'gemini-1.5-pro',
      'gemini-2.0-flash',
      'gemini-2.5-flash',
      'models/gemini-3-pro-preview',
      'grok-4',
      'grok-4-fast-reasoning',
      'pixtral-large-latest',
      'anthropic/claude-sonnet-4.5',
      // Local and hosted vision variants, however the server spells them
      'llava:13b',
      'bakllava',
      'llama3.2-vision:11b',
      'meta-llama/llama-3.2-11b-vision-instruct',
      'llama-3.2-90b-vision-preview',
      'qwen2.5vl:7b',
      'qwen3-vl:8b',
      'Qwen/Qwen2.5-VL-72B-Instruct',
      'minicpm-v:8b',
      'moondream',
      'grok-2-vision-1212',
    ];
    const blind = [
      'gpt-3.5-turbo',
      'gpt-3.5-turbo-0125',
      'gpt-4-turbo-preview',
      'o1-mini',
      'o1-preview',
      'o3-mini',
      'gpt-oss-120b',
      'gpt-oss:20b',
      'deepseek-chat',
      'deepseek-reasoner',
      'deepseek-r1:8b',
      'grok-3',
      'grok-3-mini',
      'grok-code-fast-1',
      'codestral-latest',
      'open-mistral-nemo',
      'llama3.2',
      'llama3.2:3b',
      'llama3.1:8b',
      'llama-3.3-70b-versatile',
      'qwen3:8b',
      'qwen/qwen3-32b',
      'qwen3-coder',
      'moonshotai/kimi-k2-instruct',
    ];
    // Undocumented either way (or mixed within the family): the server decides.
    const unknown = [
      'claude-3-5-haiku-latest',
      'anthropic/claude-3.5-haiku',
      'gpt-4o-audio-preview',
      'gpt-4o-mini-search-preview',
      'gemma3:4b',
      'mistral-small-latest',
      'magistral-medium-latest',
      'kimi-k2.5',
      'mistral:7b',
    ];
    expect(images(seeing)).toEqual(all(seeing, true));
    expect(images(blind)).toEqual(all(blind, false));
    expect(images(unknown)).toEqual(all(unknown, undefined));
    // A vision model the window table does not know still takes images; its window stays the safe guess.
    expect(lookupModel('llava:13b')).toEqual({
      contextWindowTokens: UNKNOWN_CONTEXT_WINDOW,
      reasoning: false,
      images: true,
      known: false,
    });
  });
});

import { describe, expect, it } from 'vitest';
import type { ModelFigures } from '../../../lib/agent/compute-latency-stats';
import { nameModelFigures, nameToolFigures } from '../../../components/options/performance-labels';

const figures = (over: Partial<ModelFigures>) =>
  ({ provider: 'openai-compatible', modelId: 'llama3.2', ...over }) as ModelFigures;
const providers = [
  { id: 'p1', name: 'Ollama (local)' },
  { id: 'p2', name: 'Work proxy' },
];

describe('Settings → Performance names things as the panel does', () => {
  it('a tool by the title of its card, its raw name kept', () => {
    expect(nameToolFigures('read_page')).toEqual({ label: 'Read the page', raw: 'read_page' });
    // An MCP tool has no title of its own: its name is both.
    expect(nameToolFigures('mcp_weather')).toEqual({ label: 'mcp_weather', raw: 'mcp_weather' });
  });

  it("a model with its provider's name, as the model switcher groups it; the raw kind/model kept", () => {
    expect(nameModelFigures(figures({ providerId: 'p1' }), providers)).toEqual({
      label: 'Ollama (local) · llama3.2',
      raw: 'openai-compatible/llama3.2',
    });
    expect(
      nameModelFigures(figures({ provider: 'openai', providerId: 'p2', modelId: 'gpt-4o' }), providers).label,
    ).toBe('Work proxy · gpt-4o');
  });

  it('a provider since deleted (or a record older than provider ids): the vendor by its kind, else the model alone', () => {
    expect(nameModelFigures(figures({ providerId: 'gone' }), providers).label).toBe('llama3.2');
    expect(nameModelFigures(figures({ provider: 'anthropic', modelId: 'claude-sonnet-4-5' }), providers).label).toBe(
      'Anthropic · claude-sonnet-4-5',
    );
  });
});

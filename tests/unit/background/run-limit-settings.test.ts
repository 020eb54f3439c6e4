import { describe, expect, it } from 'vitest';
import { createRunSettings } from '../../../lib/background/create-run-settings';
import { requestSchemas } from '../../../lib/background/request-schemas';
import { resolveRunLimit, RUN_LIMITS } from '../../../lib/agent/run-settings';
import { createFakeSettingsStore } from './handlers/fakes';

const update = requestSchemas['settings.update'];

describe('run limits as settings', () => {
  it('accepts whole numbers within bounds and says what is wrong otherwise', () => {
    expect(update.parse({ maxToolCallsPerStep: 5, maxConcurrentSubAgents: 0, maxRunTokens: 50_000 })).toEqual({
      maxToolCallsPerStep: 5,
      maxConcurrentSubAgents: 0,
      maxRunTokens: 50_000,
    });
    const messages = (input: unknown) => update.safeParse(input).error?.issues.map((i) => i.message);
    expect(messages({ maxToolCallsPerStep: 0 })).toEqual(['At least 1 tool calls per step']);
    expect(messages({ maxToolCallsPerStep: 101 })).toEqual(['At most 100 tool calls per step']);
    expect(messages({ maxConcurrentSubAgents: 2.5 })).toEqual(['Use a whole number of sub-agents at once']);
    expect(messages({ maxRunTokens: 500 })).toEqual(['At least 1,000 tokens per run']);
    expect(messages({ maxRunTokens: 20_000_000 })).toEqual(['At most 10,000,000 tokens per run']);
  });

  it('defaults hold when unset, and a stored bad value is clamped, never "no limit"', () => {
    expect(resolveRunLimit({}, 'maxToolCallsPerStep')).toBe(10);
    expect(resolveRunLimit({}, 'maxConcurrentSubAgents')).toBe(2);
    expect(resolveRunLimit({}, 'maxRunTokens')).toBe(1_000_000);
    expect(resolveRunLimit({ maxToolCallsPerStep: Number.NaN }, 'maxToolCallsPerStep')).toBe(
      RUN_LIMITS.maxToolCallsPerStep.default,
    );
    expect(resolveRunLimit({ maxRunTokens: 1e12 }, 'maxRunTokens')).toBe(RUN_LIMITS.maxRunTokens.max);
  });

  it("a new run gets the user's limits", async () => {
    const settings = createFakeSettingsStore({
      maxToolCallsPerStep: 3,
      maxConcurrentSubAgents: 1,
      maxRunTokens: 9_000,
    });
    expect(await createRunSettings(settings)(undefined, 'hi')).toMatchObject({
      maxToolCallsPerStep: 3,
      maxConcurrentSubAgents: 1,
      maxRunTokens: 9_000,
    });
  });
});

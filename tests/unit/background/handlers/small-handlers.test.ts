/** settings.*, runs.inspect, skills.*, telemetry.stats, memories.* and panel.open. */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createInMemoryLatencyStore } from '../../../../lib/agent/latency-store';
import { createMemoryRunJournal } from '../../../../lib/agent/memory-run-journal';
import { createAgentDataHandlers } from '../../../../lib/background/handlers/agent-data-handlers';
import { createPanelHandlers } from '../../../../lib/background/handlers/panel-handlers';
import { createRunHandlers } from '../../../../lib/background/handlers/run-handlers';
import { createSettingsHandlers } from '../../../../lib/background/handlers/settings-handlers';
import { createSkillHandlers } from '../../../../lib/background/handlers/skill-handlers';
import { loadPromptsFromDir } from '../../../../lib/agent/testing/load-prompts-from-dir';
import { createInMemoryMemoryStore } from '../../../../lib/tools/memory-store';
import { createSkillCatalog } from '../../../../lib/tools/skill-catalog';
import { createFakeSettingsStore } from './fakes';

const prompts = loadPromptsFromDir(fileURLToPath(new URL('../../../../', import.meta.url)));

describe('settings handlers', () => {
  it('reads and patches the settings', async () => {
    const h = createSettingsHandlers({ settings: createFakeSettingsStore({ maxSteps: 10 }) });
    expect(await h['settings.update']({ customInstructions: 'Be brief.' })).toMatchObject({
      maxSteps: 10,
      customInstructions: 'Be brief.',
    });
    expect(await h['settings.get']({})).toMatchObject({ customInstructions: 'Be brief.' });
  });
});

describe('runs.inspect', () => {
  it('shows each step as the model was sent it, rebuilt from the journal; an unknown run is not_found', async () => {
    const journal = createMemoryRunJournal();
    const user = { role: 'user' as const, content: [{ type: 'text' as const, text: 'hi' }] };
    await journal.write({
      run: {
        id: 'r',
        conversationId: 'c',
        messageId: 'm',
        model: { provider: 'p', modelId: 'x' },
        settings: {},
        status: 'finished',
        createdAt: 1,
        updatedAt: 1,
      },
      runInput: { runId: 'r', messages: [user] },
      requests: [{ runId: 'r', index: 0, keep: 1, append: [], system: 'S', tools: [], options: {} }],
      steps: [{ runId: 'r', index: 0, status: 'done', toolCallIds: [], startedAt: 1, finishReason: 'stop' }],
    });
    const h = createRunHandlers({ journal });
    expect(await h['runs.inspect']({ runId: 'r' })).toEqual({
      runId: 'r',
      steps: [{ index: 0, system: 'S', messages: [user], tools: [], finishReason: 'stop', usage: undefined }],
    });
    await expect(h['runs.inspect']({ runId: 'nope' })).rejects.toMatchObject({ code: 'not_found' });
  });
});

describe('skill handlers', () => {
  it('saves and deletes user skills, refuses a bundled name, and caps them at 50', async () => {
    const settings = createFakeSettingsStore();
    const skills = createSkillCatalog(prompts, {
      list: async () => ((await settings.get()).userSkills ?? []).map((k) => ({ ...k, source: 'user' as const })),
    });
    const h = createSkillHandlers({ skills, settings });
    const mine = { name: 'mine', description: 'd', body: 'b' };
    expect((await h['skills.save'](mine)).find((k) => k.name === 'mine')).toMatchObject({ source: 'user' });
    await expect(h['skills.save']({ ...mine, name: 'summarise-page' })).rejects.toMatchObject({ code: 'invalid' });
    expect((await h['skills.delete']({ name: 'mine' })).some((k) => k.name === 'mine')).toBe(false);
    await settings.update({ userSkills: Array.from({ length: 50 }, (_, i) => ({ ...mine, name: `s${i}` })) });
    await expect(h['skills.save']({ ...mine, name: 'one-more' })).rejects.toMatchObject({ code: 'invalid' });
    await h['skills.save']({ ...mine, name: 's3', body: 'replaced' }); // replacing one is fine at the cap
  });
});

describe('agent data handlers', () => {
  it('lists memories without their internals, deletes them, and computes latency stats', async () => {
    const memory = createInMemoryMemoryStore();
    await memory.save({ id: 'a', text: 'Likes tea', tags: ['drinks'], createdAt: 1 });
    const latency = createInMemoryLatencyStore();
    const h = createAgentDataHandlers({ memory, latency });
    expect(await h['memories.list']({})).toEqual([{ id: 'a', text: 'Likes tea', tags: ['drinks'], createdAt: 1 }]);
    await h['memories.delete']({ id: 'a' });
    expect(await h['memories.list']({})).toEqual([]);
    expect(await h['telemetry.stats']({})).toBeDefined();
  });
});

describe('panel.open', () => {
  it('opens the side panel in the last focused window, and does nothing without one', async () => {
    const opened: number[] = [];
    let windowId: number | undefined = 7;
    const h = createPanelHandlers({
      lastFocusedWindowId: async () => windowId,
      openSidePanel: async (id) => void opened.push(id),
    });
    await h['panel.open']({});
    windowId = undefined;
    await h['panel.open']({});
    expect(opened).toEqual([7]);
  });
});

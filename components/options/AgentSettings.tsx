import { useEffect, useMemo, useState } from 'preact/hooks';
import { RUN_LIMITS } from '../../lib/agent/run-settings';
import { createAgentSettingsState } from './agent-settings-state';

const ms = (n: number) => (n < 1000 ? `${Math.round(n)} ms` : `${(n / 1000).toFixed(1)} s`);

/** Step limit, custom instructions, skills, memories and performance figures. */
export function AgentSettings() {
  const state = useMemo(createAgentSettingsState, []);
  const [draft, setDraft] = useState({ name: '', description: '', body: '' });
  useEffect(() => {
    void state.load();
  }, [state]);
  const stats = state.stats.value;
  return (
    <section aria-label="Assistant" class="agent-settings">
      <h2>Assistant</h2>
      {state.message.value && <p role="status">{state.message.value}</p>}
      {state.error.value && (
        <p role="alert" class="test-error">
          {state.error.value}
        </p>
      )}
      <form
        class="provider-form"
        onSubmit={(e) => {
          e.preventDefault();
          void state.saveBehaviour();
        }}
      >
        <label>
          Step limit (model calls per request, 1 to 50)
          <input type="number" min={1} max={50} value={state.maxSteps.value} onInput={(e) => (state.maxSteps.value = Number((e.target as HTMLInputElement).value))} />
        </label>
        <fieldset class="run-limits">
          <legend>Limits (a run that goes past one stops with a message)</legend>
          <label>
            Tool calls per step ({RUN_LIMITS.maxToolCallsPerStep.min} to {RUN_LIMITS.maxToolCallsPerStep.max})
            <input type="number" min={RUN_LIMITS.maxToolCallsPerStep.min} max={RUN_LIMITS.maxToolCallsPerStep.max} value={state.maxToolCallsPerStep.value} onInput={(e) => (state.maxToolCallsPerStep.value = Number((e.target as HTMLInputElement).value))} />
          </label>
          <label>
            Sub-agents running at once ({RUN_LIMITS.maxConcurrentSubAgents.min} to {RUN_LIMITS.maxConcurrentSubAgents.max})
            <input type="number" min={RUN_LIMITS.maxConcurrentSubAgents.min} max={RUN_LIMITS.maxConcurrentSubAgents.max} value={state.maxConcurrentSubAgents.value} onInput={(e) => (state.maxConcurrentSubAgents.value = Number((e.target as HTMLInputElement).value))} />
          </label>
          <label>
            Tokens per run (input and output, {RUN_LIMITS.maxRunTokens.min.toLocaleString('en-US')} to {RUN_LIMITS.maxRunTokens.max.toLocaleString('en-US')})
            <input type="number" min={RUN_LIMITS.maxRunTokens.min} max={RUN_LIMITS.maxRunTokens.max} step={1000} value={state.maxRunTokens.value} onInput={(e) => (state.maxRunTokens.value = Number((e.target as HTMLInputElement).value))} />
          </label>
        </fieldset>
        <label>
          Reasoning (extended thinking on Anthropic, reasoning effort on OpenAI reasoning models)
          <select value={state.reasoning.value} onChange={(e) => (state.reasoning.value = (e.target as HTMLSelectElement).value as 'off' | 'low' | 'medium' | 'high')}>
            <option value="off">Off</option>
            <option value="low">Low</option>
            <option value="medium">Medium</option>
            <option value="high">High</option>
          </select>
        </label>
        <small class="hint">Only for models that support it: others reject the request, and the error will say so.</small>
        <label>
          Custom instructions (added to every request)
          <textarea rows={4} value={state.customInstructions.value} onInput={(e) => (state.customInstructions.value = (e.target as HTMLTextAreaElement).value)} />
        </label>
        <div class="row">
          <button type="submit" class="primary">
            Save assistant settings
          </button>
        </div>
      </form>

      <h3>Skills</h3>
      <p class="hint">Playbooks the assistant loads when a task matches their description.</p>
      <ul class="providers">
        {state.skills.value.map((k) => (
          <li key={k.name} data-skill={k.name}>
            <span class="default">
              <strong>{k.name}</strong> <small>{k.source === 'bundled' ? 'built in' : 'yours'}</small> · {k.description}
            </span>
            {k.source === 'user' && (
              <button type="button" onClick={() => void state.deleteSkill(k.name)}>
                Delete
              </button>
            )}
          </li>
        ))}
      </ul>
      <form
        class="provider-form"
        aria-label="New skill"
        onSubmit={(e) => {
          e.preventDefault();
          void state.saveSkill(draft).then(() => state.error.value === null && setDraft({ name: '', description: '', body: '' }));
        }}
      >
        <label>
          Skill name
          <input value={draft.name} placeholder="weekly-report" onInput={(e) => setDraft({ ...draft, name: (e.target as HTMLInputElement).value })} />
        </label>
        <label>
          When to use it
          <input value={draft.description} onInput={(e) => setDraft({ ...draft, description: (e.target as HTMLInputElement).value })} />
        </label>
        <label>
          Instructions
          <textarea rows={4} value={draft.body} onInput={(e) => setDraft({ ...draft, body: (e.target as HTMLTextAreaElement).value })} />
        </label>
        <div class="row">
          <button type="submit">Add skill</button>
        </div>
      </form>

      <h3>Memories</h3>
      {state.memories.value.length === 0 && <p class="hint">Nothing remembered yet. Ask the assistant to remember something.</p>}
      <ul class="providers">
        {state.memories.value.map((m) => (
          <li key={m.id} data-memory={m.id}>
            <span class="default">
              {m.text}
              {m.url && <small class="memory-source"> · saved on {m.url}</small>}
            </span>
            <button type="button" onClick={() => void state.deleteMemory(m.id)} aria-label={`Forget: ${m.text}`}>
              Forget
            </button>
          </li>
        ))}
      </ul>

      <h3>Performance</h3>
      {stats && Object.keys(stats.models).length === 0 && <p class="hint">No requests measured yet.</p>}
      {stats && Object.keys(stats.models).length > 0 && (
        <table class="stats">
          <thead>
            <tr>
              <th>model / tool</th>
              <th>count</th>
              <th>p50</th>
              <th>p95</th>
              <th>p99</th>
            </tr>
          </thead>
          <tbody>
            {Object.entries(stats.models).map(([name, s]) => (
              <tr key={name}>
                <td>{name} (first token)</td>
                <td>{s.ttft.count}</td>
                <td>{ms(s.ttft.p50)}</td>
                <td>{ms(s.ttft.p95)}</td>
                <td>{ms(s.ttft.p99)}</td>
              </tr>
            ))}
            {Object.entries(stats.tools).map(([name, s]) => (
              <tr key={name}>
                <td>
                  {name} {s.errorRate > 0 && <small>({Math.round(s.errorRate * 100)}% failed)</small>}
                </td>
                <td>{s.duration.count}</td>
                <td>{ms(s.duration.p50)}</td>
                <td>{ms(s.duration.p95)}</td>
                <td>{ms(s.duration.p99)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {stats && <p class="hint">Prompt cache hit rate: {Math.round(stats.cacheHitRate * 100)}%</p>}
    </section>
  );
}

/**
 * The agent runtime as the worker runs it: the tool registry (built-ins, extra background tools, the run's tab
 * and page tools, then the MCP servers' tools), sub-agents narrowed to the tools this build has, and the
 * runtime over the agent's stores.
 */
import type { AgentEvent } from '../agent/agent-event';
import { createAgentRuntime, type AgentRuntime } from '../agent/agent-runtime';
import type { PromptLibrary } from '../agent/prompt-library';
import { subAgentsFrom } from '../agent/sub-agents-from';
import type { AccessFor } from '../agent/site-access';
import { createBuiltinTools } from '../tools/builtin-tools';
import type { Tool } from '../tools/define-tool';
import type { SkillCatalog } from '../tools/skill-catalog';
import type { SitePolicyStore } from '../tools/site-policy-store';
import { createToolRegistry } from '../tools/tool-registry';
import type { McpHub } from '../tools/mcp/mcp-hub';
import type { ModelResolver } from './model-resolver';
import type { BackgroundStores } from './open-background-stores';
import { createTokenCounter } from '../providers/tokens/create-token-counter';
import { fetchEncoding } from './fetch-encoding';
import type { ActivitySink } from '../agent/record-activity';

export interface AgentRuntimeParts {
  agentStores: BackgroundStores['agentStores'];
  prompts: PromptLibrary;
  models: Pick<ModelResolver, 'forRef'>;
  skills: SkillCatalog;
  mcp: Pick<McpHub, 'attach'>;
  now(): number;
  generateId(): string;
  extraTools: Tool[];
  /** Page tools that follow the run's current tab, with navigate, open_tab and the other tab tools. */
  runTabTools: Tool[];
  /** How much runs may do on a site (the "Read only" switch): lib/agent/site-access.ts. */
  accessFor?: AccessFor;
  onRunStart(): void;
  onEvent(event: AgentEvent): void;
  /** Where each consequential call's activity line goes (Settings → Activity). */
  activity?: ActivitySink;
  /** Narrows the "always allow" grants by the organisation's policy (create-policy-feature.ts). */
  gateGrants?: (store: SitePolicyStore) => SitePolicyStore;
}

export function buildAgentRuntime(p: AgentRuntimeParts): Promise<AgentRuntime> {
  return p.agentStores.then(async (s) => {
    // The delegate tool only lists the agents' names; their tool lists are narrowed once the registry exists.
    const agents = subAgentsFrom(p.prompts);
    const tools = createToolRegistry(
      [
        ...createBuiltinTools({
          memory: s.memory,
          skills: p.skills,
          agents,
          now: p.now,
          generateId: p.generateId,
          listTabs: async () =>
            (await chrome.tabs.query({ lastFocusedWindow: true })).map((t) => ({
              id: t.id,
              title: t.title ?? '',
              url: t.url ?? '',
              active: t.active,
            })),
        }),
        ...p.extraTools,
      ],
      p.runTabTools,
    );
    // MCP tools (from their servers' last listing) are in the registry before any run resumes.
    await p.mcp.attach(tools);
    // A sub-agent gets the tools it asks for that this build actually has.
    const available = new Set(tools.names());
    for (const agent of agents) agent.tools = agent.tools.filter((name) => available.has(name));
    const created = createAgentRuntime({
      journal: s.journal,
      resolveModel: p.models.forRef,
      tools,
      prompts: p.prompts,
      sitePolicies: p.gateGrants ? p.gateGrants(s.sitePolicies) : s.sitePolicies,
      ...(p.accessFor ? { accessFor: p.accessFor } : {}),
      skills: p.skills,
      agents,
      latency: s.latency,
      ...(p.activity ? { activity: p.activity } : {}),
      now: p.now,
      generateId: p.generateId,
      tokenCounter: createTokenCounter({ loadEncoding: fetchEncoding }),
    });
    created.subscribe((event) => {
      if (event.type === 'run-start') p.onRunStart();
    });
    created.subscribe(p.onEvent);
    return created;
  });
}

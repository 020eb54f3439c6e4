/**
 * The managed bench's pass-through part (issue 27): time to first token through the REAL openai and Anthropic SDKs,
 * straight to the fake LLM with the team's key, and through the team server's pass-through with a member's token,
 * in the same run, interleaved pair by pair (so load on the machine falls on both alike). Needs no root.
 * proxy_overhead_ms_p50: median over pairs of (through − direct); proxy_ttft_ratio: median through / median direct.
 */
import { performance } from 'node:perf_hooks';
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { readTeamServerConfig } from '../../lib/team-server/config';
import { withOwner } from '../../lib/team-server/db/with-caller';
import { addMember, createTeam, createUser, issueAccessToken } from '../../lib/team-server/people/operator-tasks';
import { startTeamServer } from '../../lib/team-server/start-team-server';
import { startFakeLlm } from '../fake-llm';
import { benchEmbedder } from './_team-world';
import { median, round } from './_stats';

const KEY = 'sk-bench-team-key-0000000000000000';

async function firstTokenMs(start: () => Promise<AsyncIterable<unknown>>, isText: (event: unknown) => boolean) {
  const t0 = performance.now();
  let ttft = NaN;
  for await (const event of await start()) if (Number.isNaN(ttft) && isText(event)) ttft = performance.now() - t0;
  return ttft;
}

export async function measureProxyOverhead(runs: number) {
  const llm = await startFakeLlm({ validKeys: [KEY] });
  llm.setFallback({ text: ['Hello', ' there', ', friend.'], usage: { inputTokens: 20, outputTokens: 3 } });
  const config = readTeamServerConfig({
    TEAM_SERVER_PORT: '0',
    TEAM_SERVER_SECRET: 'bench-secret-0123456789abcdef0123456789',
  });
  config.dataDir = 'memory://';
  const server = await startTeamServer(config, { embedder: benchEmbedder, log: () => {} });
  try {
    const admin = await withOwner(server.ctx.db.pool, async (tx) => {
      const team = await createTeam(tx, 'Bench');
      const userId = await createUser(tx, { email: 'bench@team.test' });
      await addMember(tx, team, userId, 'admin');
      return { team, token: (await issueAccessToken(tx, userId, 'bench')).token };
    });
    for (const [kind, baseUrl, model] of [
      ['openai-compatible', llm.openaiBaseUrl, 'gpt-4o-mini'],
      ['anthropic', llm.anthropicBaseUrl, 'claude-bench'],
    ])
      await fetch(`${server.url}/v1/teams/${admin.team}/providers`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: kind, kind, baseUrl, models: [model], apiKey: KEY }),
      }).then((r) => {
        if (r.status !== 201) throw new Error(`could not add the ${kind} provider: ${r.status}`);
      });
    const wires = {
      openai: (apiKey: string, baseURL: string) => {
        const client = new OpenAI({ apiKey, baseURL, maxRetries: 0 });
        const start = () =>
          client.chat.completions.create({
            model: 'gpt-4o-mini',
            messages: [{ role: 'user', content: 'hi' }],
            stream: true,
          });
        return () => firstTokenMs(start, (e) => !!(e as OpenAI.ChatCompletionChunk).choices[0]?.delta.content);
      },
      anthropic: (token: string, baseURL: string, direct: boolean) => {
        const client = direct
          ? new Anthropic({ apiKey: token, baseURL, maxRetries: 0 })
          : new Anthropic({ apiKey: null, authToken: token, baseURL, maxRetries: 0 });
        const start = () =>
          client.messages.create({
            model: 'claude-bench',
            max_tokens: 10,
            messages: [{ role: 'user', content: 'hi' }],
            stream: true,
          });
        return () => firstTokenMs(start, (e) => (e as { type: string }).type === 'content_block_delta');
      },
    };
    const pairs = {
      openai: [wires.openai(KEY, llm.openaiBaseUrl), wires.openai(admin.token, `${server.url}/v1/proxy/openai`)],
      anthropic: [
        wires.anthropic(KEY, llm.anthropicBaseUrl, true),
        wires.anthropic(admin.token, `${server.url}/v1/proxy/anthropic`, false),
      ],
    } as const;
    const direct: number[] = [];
    const through: number[] = [];
    const diffs: number[] = [];
    const warmup = 5;
    for (let i = 0; i < runs + warmup; i++) {
      for (const [d, p] of Object.values(pairs)) {
        // Alternate which goes first, so neither always meets a warmer server.
        let da: number;
        let pb: number;
        if (i % 2) {
          da = await d();
          pb = await p();
        } else {
          pb = await p();
          da = await d();
        }
        if (i < warmup) continue;
        direct.push(da);
        through.push(pb);
        diffs.push(pb - da);
      }
    }
    return {
      overheadP50: median(diffs),
      ratio: median(through) / median(direct),
      directP50: median(direct),
      throughP50: median(through),
      samples: diffs.length,
    };
  } finally {
    await server.close();
    await llm.close();
  }
}

/** The figures as the bench prints them. */
export function describeProxyOverhead(r: Awaited<ReturnType<typeof measureProxyOverhead>>) {
  return `pass-through: ${r.samples} pairs (OpenAI and Anthropic wires), time to first token median direct ${round(r.directP50, 2)} ms, through the team server ${round(r.throughP50, 2)} ms; target: proxy_overhead_ms_p50 <= 15`;
}

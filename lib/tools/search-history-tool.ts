/**
 * The `search_history` tool: the model's way into the user's on-device reading history and, when a team server is
 * added, the team's knowledge beside it (asked in parallel), every passage labelled with its source.
 */
import { z } from 'zod';
import { defineTool } from './define-tool';
import { originOf } from './origin-of';
import type { HistoryPassage } from '../retrieval/history-passage';
import { historyQuerySchema, type HistoryQuery } from '../retrieval/history-query';
import { parseViewerUrl } from './folder/viewer-url';
import { LOCAL_SOURCE, mergeBySource, type TeamPassageOutput } from './team/team-passages';
import type { TeamKnowledge } from './team/team-knowledge';

/** What the extension's viewer page shows at `url` (a folder document or a kept attachment), else undefined. */
function viewerTargetOf(url: string) {
  const origin = /^chrome-extension:\/\/[a-p]{32}/.exec(url)?.[0];
  return origin ? parseViewerUrl(url, origin) : undefined;
}

/**
 * The history query as the model writes it: dates as ISO strings (read into epoch ms by parseHistoryDate),
 * a shorter query and fewer passages than the engine allows, and no scoring knobs.
 */
export const searchHistoryInput = z.object({
  query: historyQuerySchema.shape.query.max(500),
  domain: historyQuerySchema.shape.domain,
  since: z.string().max(40).optional().describe('ISO 8601: visited at or after.'),
  until: z.string().max(40).optional().describe('ISO 8601: visited at or before.'),
  topK: z.number().int().min(1).max(20).optional().describe('Default 8.'),
});

/** A date-only `until` means the end of that day, so "until 2024-05-01" includes the 1st. */
export function parseHistoryDate(value: string, edge: 'start' | 'end'): number {
  const ms = Date.parse(value);
  if (!Number.isFinite(ms)) throw new Error(`"${value}" is not an ISO 8601 date or date-time`);
  return edge === 'end' && /^\d{4}-\d{2}-\d{2}$/.test(value.trim()) ? ms + 86_399_999 : ms;
}

/** Passages as the model reads them: dates as ISO strings, scores rounded. */
function present(p: HistoryPassage) {
  const viewer = viewerTargetOf(p.url);
  return {
    source: LOCAL_SOURCE,
    title: p.title,
    url: p.url,
    /** A document of the user's folder: its path there (its citation opens the extension's viewer at the passage). */
    ...(viewer?.source === 'folder' ? { path: viewer.path } : {}),
    /** A file the user attached and kept (its title is the file's name; its citation opens the viewer too). */
    ...(viewer?.source === 'attachment' ? { attachment: true as const } : {}),
    fragmentUrl: p.fragmentUrl,
    visitedAt: new Date(p.visitedAt).toISOString(),
    score: Math.round(p.score * 1000) / 1000,
    headingPath: p.headingPath,
    snippet: p.snippet,
    text: p.text,
  };
}

/** A passage as search_history returns it. */
export type HistoryPassageOutput = ReturnType<typeof present>;

/** search_history's output: the passages found (the user's and the team's), and notes on what is missing. */
export interface SearchHistoryOutput {
  passages: (HistoryPassageOutput | TeamPassageOutput)[];
  note?: string;
  /** Why the team's passages are missing (signed out, offline, the server failing), in one line. */
  teamNote?: string;
}

const HISTORY_OFF = 'Remembering visited pages is turned off in Tabwise settings, so there is no history to search.';

export interface SearchHistoryToolDeps {
  search(request: HistoryQuery): Promise<HistoryPassage[]>;
  /** Whether indexing was ever turned on (so "nothing found" can be told apart from "nothing kept"). */
  isEnabled(): Promise<boolean>;
  /** The team's knowledge, searched beside the history when a team server is added. */
  team?: TeamKnowledge;
}

/** Creates the tool (read-only, background; the first call may wait for the model to load). */
export function createSearchHistoryTool(deps: SearchHistoryToolDeps) {
  return defineTool({
    name: 'search_history',
    untrustedOutput: 'page_content',
    input: searchHistoryInput,
    readOnly: true,
    timeoutMs: 120_000,
    // The query leaves for the team server when one is signed in to: asked only when it carries text the run read
    // on another site (the egress gate's flow), bound to the server's origin. A search of this browser alone sends
    // nothing anywhere.
    needsApproval: true,
    asksFor: async () => false,
    locate: async () => {
      const origin = await deps.team?.origin();
      return origin ? { origin } : undefined;
    },
    writtenValues: (input) =>
      deps.team?.sendsQueries() && !input.domain ? [{ field: 'query', value: input.query }] : [],
    // Offered while there is something to search: the reading history, or the team's knowledge.
    offered: async () => (await deps.isEnabled()) || ((await deps.team?.signedIn()) ?? false),
    async execute(input, ctx): Promise<SearchHistoryOutput> {
      const topK = input.topK ?? 8;
      const since = input.since ? parseHistoryDate(input.since, 'start') : undefined;
      const until = input.until ? parseHistoryDate(input.until, 'end') : undefined;
      const enabled = await deps.isEnabled();
      // Only to the server the call was located (and, had it been asked, approved) for; none: not signed in then.
      const teamOrigin = await deps.team?.origin();
      const teamApproved = (approved: string | undefined) => !teamOrigin || approved === teamOrigin;
      const [local, team] = await Promise.all([
        enabled ? deps.search({ query: input.query, domain: input.domain, since, until, topK }) : [],
        // The team's documents have no domain: a search narrowed to one site is the user's history alone.
        deps.team && !input.domain && teamApproved(ctx.target?.origin)
          ? deps.team.search({
              query: input.query,
              limit: topK,
              ...(since === undefined ? {} : { from: new Date(since).toISOString() }),
              ...(until === undefined ? {} : { to: new Date(until).toISOString() }),
            })
          : undefined,
      ]);
      // Each passage is text of the site it was read on: a later write of it elsewhere is flagged.
      // A document of the user's own is read from the folder or from a file they attached, not from a site.
      for (const p of local) {
        const own = viewerTargetOf(p.url)?.source;
        ctx.reportRead?.({
          origin: own ? `${own}:` : originOf(p.url),
          text: `${p.title}\n${p.text}`,
        });
      }
      // A team passage was read from the team server (its document may name a site, but the text came from there).
      for (const p of team?.passages ?? []) ctx.reportRead?.({ origin: team!.server, text: `${p.title}\n${p.text}` });
      const passages = mergeBySource(local.map(present), team?.passages ?? [], topK);
      return {
        passages,
        ...(enabled ? {} : { note: HISTORY_OFF }),
        ...(team && 'missing' in team ? { teamNote: team.missing } : {}),
      };
    },
  });
}

/** The `search_history` tool: the model's way into the user's on-device reading history. */
import { z } from 'zod';
import { defineTool } from './define-tool';
import { originOf } from './origin-of';
import type { HistoryPassage } from '../retrieval/history-passage';
import { historyQuerySchema, type HistoryQuery } from '../retrieval/history-query';
import { parseViewerUrl } from './folder/viewer-url';

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

/** search_history's output: the passages found, and a note when history is off. */
export interface SearchHistoryOutput {
  passages: HistoryPassageOutput[];
  note?: string;
}

export interface SearchHistoryToolDeps {
  search(request: HistoryQuery): Promise<HistoryPassage[]>;
  /** Whether indexing was ever turned on (so "nothing found" can be told apart from "nothing kept"). */
  isEnabled(): Promise<boolean>;
}

/** Creates the tool (read-only, background; the first call may wait for the model to load). */
export function createSearchHistoryTool(deps: SearchHistoryToolDeps) {
  return defineTool({
    name: 'search_history',
    untrustedOutput: 'page_content',
    input: searchHistoryInput,
    readOnly: true,
    timeoutMs: 120_000,
    // While remembering is off there is no reading history to search.
    offered: () => deps.isEnabled(),
    async execute(input, ctx): Promise<SearchHistoryOutput> {
      if (!(await deps.isEnabled())) {
        return {
          passages: [],
          note: 'Remembering visited pages is turned off in Tabwise settings, so there is no history to search.',
        };
      }
      const passages = await deps.search({
        query: input.query,
        domain: input.domain,
        since: input.since ? parseHistoryDate(input.since, 'start') : undefined,
        until: input.until ? parseHistoryDate(input.until, 'end') : undefined,
        topK: input.topK ?? 8,
      });
      // Each passage is text of the site it was read on: a later write of it elsewhere is flagged.
      // A document of the user's own is read from the folder or from a file they attached, not from a site.
      for (const p of passages) {
        const own = viewerTargetOf(p.url)?.source;
        ctx.reportRead?.({
          origin: own ? `${own}:` : originOf(p.url),
          text: `${p.title}\n${p.text}`,
        });
      }
      return { passages: passages.map(present) };
    },
  });
}

/**
 * links.checkEgress: whether a link in an answer carries text the conversation's runs read on another site.
 * The same matching as the data-flow gate on an approval card (findDataFlows over the address's parts, as
 * fetch_url's card reads it), over every tool call of every run of the conversation (sub-agents included)
 * that brought text back from an origin. The panel asks before opening a link this flags.
 */
import { findDataFlows } from '../../agent/find-data-flows';
import { readTextsOf } from '../../agent/run-data-flows';
import type { RunJournal } from '../../agent/run-journal';
import { originOf } from '../../tools/origin-of';
import { addressParts } from '../../tools/web/fetch-url-tool';
import type { Awaitable, HandlerSet } from './handler-set';

export function createLinkHandlers(deps: { journal: Awaitable<Pick<RunJournal, 'listRuns' | 'read'>> }): HandlerSet<'links.checkEgress'> {
  return {
    'links.checkEgress': async ({ conversationId, url }) => {
      const journal = await deps.journal;
      const runs = await journal.listRuns(conversationId);
      const snaps = await Promise.all(runs.map((r) => journal.read(r.id)));
      const reads = snaps.flatMap((snap) => (snap ? readTextsOf(snap.toolCalls) : []));
      // Text read on the link's own site goes back to that site: not a flow to anyone new.
      const flags = findDataFlows([{ field: 'url', value: addressParts(url) }], originOf(url), reads);
      return { from: [...new Set(flags.map((f) => f.from))] };
    },
  };
}

/**
 * links.checkEgress: whether a link in an answer carries text the conversation's runs read on another site.
 * The same matching as the egress gate on an approval card (findDataFlows over the address's parts, as
 * navigate's card reads it), over everything the conversation read (conversationReads: every tool result of
 * every run, sub-agents and the turns' data blocks included). The panel asks before opening a link this flags.
 */
import { findDataFlows } from '../../agent/find-data-flows';
import { conversationReads } from '../../agent/run-data-flows';
import type { RunJournal } from '../../agent/run-journal';
import { originOf } from '../../tools/origin-of';
import { addressParts } from '../../tools/address-parts';
import type { Awaitable, HandlerSet } from './handler-set';

export function createLinkHandlers(deps: {
  journal: Awaitable<Pick<RunJournal, 'listRuns' | 'read' | 'listChildren'>>;
}): HandlerSet<'links.checkEgress'> {
  return {
    'links.checkEgress': async ({ conversationId, url }) => {
      const reads = await conversationReads(await deps.journal, conversationId);
      // Text read on the link's own site goes back to that site: not a flow to anyone new.
      const flags = findDataFlows([{ field: 'url', value: addressParts(url) }], originOf(url), reads);
      return { from: [...new Set(flags.map((f) => f.from))] };
    },
  };
}

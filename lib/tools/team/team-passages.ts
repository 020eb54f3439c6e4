/**
 * The team's passages beside the user's own (issue 26, "In the extension"): a search hit of the team server as a
 * passage search_history returns, labelled with its source (`team: <name>`), cited by the extension's viewer address
 * (which asks the background for the server's short-lived view link), and the one merge of both lists.
 */
import { teamDocumentUrl } from '../folder/viewer-url';
import type { TeamSearchHit } from './team-client';
import type { TeamIdentity } from './team-connection-store';

/** The source label of a passage read in this browser. */
export const LOCAL_SOURCE = 'this browser';

/** A team passage as the model reads it. */
export interface TeamPassageOutput {
  source: string;
  title: string;
  /** The citation address: the extension's viewer, which opens the server's document view at the passage. */
  url: string;
  fragmentUrl: string;
  /** Where the document came from, when its uploader said (text only: the citation is `fragmentUrl`). */
  sourceUrl?: string;
  score: number;
  headingPath: string[];
  snippet: string;
  text: string;
}

/** `team: <name>` for a hit of one of the user's teams; the platform's documents, and a team not (yet) known, too. */
export function teamSourceLabel(hit: Pick<TeamSearchHit, 'scope' | 'teamId'>, identity: TeamIdentity | undefined) {
  if (hit.scope === 'platform') return 'team: platform';
  const name = identity?.teams.find((t) => t.id === hit.teamId)?.name;
  const label = `team: ${name ?? 'team'}`;
  return hit.scope === 'user' ? `${label} (only you)` : label;
}

/** A hit as a passage: `origin` is the extension's (chrome-extension://<id>). */
export function toTeamPassage(hit: TeamSearchHit, identity: TeamIdentity | undefined, origin: string) {
  const url = teamDocumentUrl(origin, {
    documentId: hit.citation.documentId,
    passage: hit.citation.passage,
    position: hit.citation.position,
  });
  return {
    source: teamSourceLabel(hit, identity),
    title: hit.title,
    url,
    fragmentUrl: url,
    ...(hit.sourceUrl ? { sourceUrl: hit.sourceUrl } : {}),
    score: Math.round(hit.score * 1000) / 1000,
    headingPath: hit.citation.headingPath,
    snippet: hit.snippet.text,
    text: hit.snippet.text,
  } satisfies TeamPassageOutput;
}

/**
 * Both lists in one, at most `topK`: taken in turn, best of each first, so neither source crowds the other out
 * (their scores come from different indexes and are not comparable).
 */
export function mergeBySource<A, B>(local: readonly A[], team: readonly B[], topK: number): (A | B)[] {
  const out: (A | B)[] = [];
  for (let i = 0; out.length < topK && (i < local.length || i < team.length); i++) {
    if (i < local.length) out.push(local[i]!);
    if (out.length < topK && i < team.length) out.push(team[i]!);
  }
  return out;
}

/**
 * Grounding with the team's knowledge too (issue 26, "grounding uses both"): when grounding is on (the user's
 * setting under "Remember what I read"), the team's best passages for the message join the user's own in the
 * turn's data block, each with its source and its citation address, read (for the egress gate) from the team
 * server. Signed out, offline or failing, the message goes out with the user's passages as before.
 */
import type { GroundingPassage } from '../retrieval/history-passage';
import type { TeamKnowledge } from '../tools/team/team-knowledge';

/** Team passages added per message: fewer than the user's own, which the setting is about. */
const TEAM_GROUNDING_TOP_K = 3;
const TEAM_GROUNDING_MIN_SCORE = 0.2;

type Augment = <S extends object>(settings: S, text: string) => Promise<S>;

/** `augment` (the history's grounding) with the team's passages added to whatever grounding it set. */
export function addTeamGrounding(augment: Augment, team: TeamKnowledge): Augment {
  return async <S extends object>(settings: S, text: string): Promise<S> => {
    // The history first: only a message grounding applies to (the user's setting) is sent to the team server.
    const grounded = await augment(settings, text);
    const grounding = (grounded as { grounding?: { mode: string; passages: GroundingPassage[] } }).grounding;
    if (!grounding || !text.trim()) return grounded;
    const found = await team
      .search({ query: text.slice(0, 2000), limit: TEAM_GROUNDING_TOP_K, minScore: TEAM_GROUNDING_MIN_SCORE })
      .catch((error: unknown) => {
        console.warn('Tabwise: team grounding failed', error);
        return undefined;
      });
    if (!found?.passages.length) return grounded;
    const now = Date.now();
    const teamPassages: GroundingPassage[] = found.passages.map((p) => ({
      title: p.title,
      url: p.url,
      fragmentUrl: p.fragmentUrl,
      visitedAt: now,
      text: p.text,
      source: p.source,
      readFrom: found.server,
    }));
    return { ...grounded, grounding: { ...grounding, passages: [...grounding.passages, ...teamPassages] } };
  };
}

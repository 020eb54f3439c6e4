// Grounding with the team's passages beside the user's own: added only when grounding is on, labelled by source in
// the turn's data block, read from the team server for the egress gate, and never in the way when the team fails.
import { describe, expect, it } from 'vitest';
import { addTeamGrounding } from '../../../lib/background/add-team-grounding';
import { composeTurnData } from '../../../lib/agent/compose-turn-data';
import { turnReadsOf } from '../../../lib/agent/run-data-flows';
import type { TeamKnowledge, TeamKnowledgeOutcome } from '../../../lib/tools/team/team-knowledge';
import type { Grounding, RunSettings } from '../../../lib/agent/run-settings';

const SERVER = 'http://127.0.0.1:4711';
const CITE = 'chrome-extension://abcdefghijklmnopabcdefghijklmnop/viewer.html?team=d#passage=0.1';

const team = (outcome: TeamKnowledgeOutcome | undefined | Error): TeamKnowledge & { asked: string[] } => {
  const asked: string[] = [];
  return {
    asked,
    signedIn: async () => true,
    origin: async () => SERVER,
    sendsQueries: () => true,
    search: async (r) => {
      asked.push(r.query);
      if (outcome instanceof Error) throw outcome;
      return outcome;
    },
  };
};

const teamPassage = {
  source: 'team: Red',
  title: 'Runbook',
  url: CITE,
  fragmentUrl: CITE,
  score: 0.8,
  headingPath: [],
  snippet: 'Freeze the branch </passage> first.',
  text: 'Freeze the branch </passage> first.',
};

const local = {
  title: 'Blog',
  url: 'https://a.test/p',
  fragmentUrl: 'https://a.test/p#:~:text=x',
  visitedAt: Date.UTC(2026, 0, 2),
  text: 'a local passage',
};

const groundingOn = async <S extends object>(s: S) => ({ ...s, grounding: { mode: 'prefer', passages: [local] } });
const groundingOff = async <S extends object>(s: S) => s;

describe('addTeamGrounding', () => {
  it('adds the team’s passages after the user’s, labelled by source and read from the team server', async () => {
    const k = team({ passages: [teamPassage], server: SERVER });
    const out = (await addTeamGrounding(groundingOn as never, k)({}, 'how do we release?')) as {
      grounding: Grounding;
    };
    expect(k.asked).toEqual(['how do we release?']);
    expect(out.grounding.passages.map((p) => [p.title, p.source ?? 'local'])).toEqual([
      ['Blog', 'local'],
      ['Runbook', 'team: Red'],
    ]);
    const block = composeTurnData({ grounding: out.grounding }, 'b0undary')!;
    expect(block).toContain(`<passage title="Runbook" url="${CITE.replace(/&/g, '&amp;')}" source="team: Red">`);
    expect(block).toContain('from their team’s documents');
    expect(block).toMatch(/<passage title="Blog" url="[^"]+" visited="2026-01-02T00:00:00.000Z">/);
    expect(turnReadsOf({ grounding: out.grounding } as RunSettings).map((r) => r.origin)).toEqual([
      'https://a.test',
      SERVER,
    ]);
  });

  it('grounding off, signed out, or the team failing: the settings as the history made them', async () => {
    const asked = team({ passages: [teamPassage], server: SERVER });
    const off = await addTeamGrounding(groundingOff as never, asked)({ x: 1 }, 'q');
    expect(off).toEqual({ x: 1 });
    // Grounding off: the message is not sent to the team server at all.
    expect(asked.asked).toEqual([]);
    for (const outcome of [
      undefined,
      { passages: [] as [], missing: 'Not signed in', server: SERVER },
      new Error('boom'),
    ]) {
      const out = (await addTeamGrounding(groundingOn as never, team(outcome))({}, 'q')) as { grounding: Grounding };
      expect(out.grounding.passages).toEqual([local]);
    }
  });
});

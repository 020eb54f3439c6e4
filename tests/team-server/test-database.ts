/** One embedded Postgres per test file, migrated, reached through pg over pglite-socket like the server does. */
import { openDatabase } from '../../lib/team-server/db/open-database';
import { migrate } from '../../lib/team-server/db/migrate';
import type { Database } from '../../lib/team-server/db/database';
import { withOwner } from '../../lib/team-server/db/with-caller';
import { addMember, createTeam, createUser, issueAccessToken } from '../../lib/team-server/people/operator-tasks';

export async function openTestDatabase(): Promise<Database> {
  const db = await openDatabase({ dataDir: 'memory://', poolMax: 1 });
  await migrate(db.pool);
  return db;
}

/** A person of the seeded world. */
export interface Person {
  userId: string;
  token: string;
  tokenId: string;
}

/**
 * Two teams: `red` (admin Ada, member Bob) and `blue` (admin Cy, member Dee), and Pat, a platform admin in no
 * team.
 */
export async function seedTeams(db: Database) {
  return withOwner(db.pool, async (tx) => {
    const red = await createTeam(tx, 'Red');
    const blue = await createTeam(tx, 'Blue');
    const person = async (email: string, team: string | undefined, role: 'member' | 'admin', platformAdmin = false) => {
      const userId = await createUser(tx, { email, platformAdmin });
      if (team) await addMember(tx, team, userId, role);
      const t = await issueAccessToken(tx, userId, 'test');
      return { userId, token: t.token, tokenId: t.id } satisfies Person;
    };
    return {
      red,
      blue,
      ada: await person('ada@red.test', red, 'admin'),
      bob: await person('bob@red.test', red, 'member'),
      cy: await person('cy@blue.test', blue, 'admin'),
      dee: await person('dee@blue.test', blue, 'member'),
      pat: await person('pat@platform.test', undefined, 'member', true),
    };
  });
}

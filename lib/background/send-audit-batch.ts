/**
 * `POST /v1/audit`: a batch of the user's activity lines (wire shape only) to the team server, which stores each
 * once by id and acknowledges the ids. Only the server's own origin, with the token, like every team request.
 */
import { z } from 'zod';
import type { AuditLine } from '../agent/audit-line';
import { t } from '../util/t';
import { request, teamServerFailure, type TeamClientDeps } from '../tools/team/team-client';
import type { TeamCredentials } from '../tools/team/team-connection-store';

const ackSchema = z.object({ acked: z.array(z.string().max(500)).max(10_000) });

/** Sends `lines` into `teamId`; resolves the ids the server acknowledged. */
export async function sendAuditBatch(
  creds: TeamCredentials,
  teamId: string,
  lines: AuditLine[],
  deps: TeamClientDeps,
): Promise<string[]> {
  const reply = ackSchema.safeParse(
    await request(creds, '/v1/audit', deps, { method: 'POST', body: { teamId, lines } }),
  );
  if (!reply.success) throw teamServerFailure('bad_reply', t('team_fail_bad_reply', new URL(creds.url).host));
  return reply.data.acked;
}

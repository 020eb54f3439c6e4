/**
 * The team server's own refusals, one class with a `kind` (issue 20, one error vocabulary) rather than one class
 * each: the API maps the kind onto its answer (lib/team-server/api/api-error.ts), the message is the API's text.
 * - 'not-admin': refused by the API's own check (the database would refuse too);
 * - 'invitation-invalid': no such invitation, or it was used, revoked or has expired;
 * - 'scope': the caller may not write where an upload asks (not in the team, not a platform admin).
 */
export type TeamRefusalKind = 'not-admin' | 'invitation-invalid' | 'scope';

export class TeamRefusal extends Error {
  constructor(
    readonly kind: TeamRefusalKind,
    message: string,
  ) {
    super(message);
    this.name = 'TeamRefusal';
  }
}

/** Whether `error` is the team server's refusal of `kind`. */
export const isTeamRefusal = (error: unknown, kind: TeamRefusalKind): error is TeamRefusal =>
  error instanceof TeamRefusal && error.kind === kind;

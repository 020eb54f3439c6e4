/**
 * The team server the user signed in to (issue 26, "In the extension"): its address and the access token, in the
 * settings object store under its own key. The token is encrypted at rest like provider keys and leaves this module
 * only through `credentials()`, in the background; it belongs to the address it was given for, so a new address
 * signs the user out. An organisation's policy may set the address (then the user cannot change it).
 * Who the user is on the server is asked of it (`GET /v1/me`) and kept with the time it was read, so Settings can
 * show who you are and your teams while the server cannot be reached.
 */
import { z } from 'zod';
import type { Db } from '../../storage/db';
import type { EncryptedSecret } from '../../core/encrypted-secret';
import { decryptSecret, encryptSecret } from '../../storage/secrets';
import { t } from '../../util/t';
import { UserFacingError } from '../../messaging/user-facing-error';

const KEY = 'teamServer';

/** Who the server says the token belongs to: the part of `GET /v1/me` Tabwise shows. */
export const teamIdentitySchema = z.object({
  user: z.object({ id: z.string().max(200), email: z.string().max(320), displayName: z.string().max(200) }),
  teams: z
    .array(z.object({ id: z.string().max(200), name: z.string().max(200), role: z.enum(['member', 'admin']) }))
    .max(200),
});
export type TeamIdentity = z.output<typeof teamIdentitySchema>;

interface StoredTeamServer {
  /** The server's origin (no path): where the token may be sent, and nowhere else. */
  url: string;
  token?: EncryptedSecret;
  identity?: TeamIdentity;
  /** When `identity` was last read from the server. */
  checkedAt?: number;
}

/** The connection's state as Settings shows it; the token never, only whether one is saved. */
export type TeamConnectionStatus =
  /** No server added (and none set by policy). */
  | 'none'
  | 'signed-out'
  | 'connected'
  /** The server did not answer, or not in time: the identity shown is the last one read. */
  | 'unreachable'
  /** The server refused the token (revoked, expired, removed from the team): sign in again. */
  | 'refused';

export interface TeamConnectionView {
  url?: string;
  /** The address is set by the organisation's policy: it cannot be changed or removed here. */
  managed: boolean;
  /** The organisation requires signing in (policy `signInRequired`). */
  signInRequired: boolean;
  signedIn: boolean;
  identity?: TeamIdentity;
  checkedAt?: number;
  status: TeamConnectionStatus;
  /** Why the last check failed, in the user's words. */
  error?: string;
  /** Signed out: the server offers "Sign in with your organisation" (its identity provider). */
  organisationSignIn?: boolean;
}

/** Where the token goes, decrypted: for the background's requests to the server only. */
export interface TeamCredentials {
  url: string;
  token: string;
}

export interface TeamConnectionStore {
  /** The stored state; `status` is 'connected' or 'signed-out' (a live check is the handler's job). */
  view(): Promise<TeamConnectionView>;
  /** Sets the server's address (an organisation's address cannot be changed); a new address signs out. */
  setUrl(url: string): Promise<TeamConnectionView>;
  /** Stores the token with who the server said it belongs to (checked by the caller before). */
  signIn(token: string, identity: TeamIdentity, now: number): Promise<TeamConnectionView>;
  /** Keeps what a later check read of who the user is. */
  remember(identity: TeamIdentity, now: number): Promise<void>;
  signOut(): Promise<TeamConnectionView>;
  /** Forgets the server (not one set by policy: then only signs out). */
  remove(): Promise<TeamConnectionView>;
  credentials(): Promise<TeamCredentials | undefined>;
}

/**
 * A team server's address as Tabwise keeps it: its origin. https, or http only on this machine (a server on
 * 127.0.0.1 or localhost, for trying it out); no user name or password in it.
 */
export function teamServerOrigin(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch (error) {
    void error; // said below in the user's words
    throw new UserFacingError('invalid', t('team_url_invalid'));
  }
  const local = url.hostname === '127.0.0.1' || url.hostname === 'localhost' || url.hostname === '[::1]';
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && local))
    throw new UserFacingError('invalid', t('team_url_https'));
  if (url.username || url.password) throw new UserFacingError('invalid', t('team_url_invalid'));
  return url.origin;
}

export function createTeamConnectionStore(
  db: Db,
  policy: () => Promise<{ url: string; signInRequired: boolean } | undefined>,
): TeamConnectionStore {
  // The worker is the record's only writer (every change comes through this store), so the record it has read stays
  // true until it writes it: a message does not wait on IndexedDB for it, however often its model and its policy
  // ask for the team's providers (each asks for the credentials).
  let cached: Promise<StoredTeamServer | undefined> | undefined;
  const read = () =>
    (cached ??= db.get('settings', KEY).then(
      (stored) => stored as StoredTeamServer | undefined,
      (error: unknown) => {
        cached = undefined;
        throw error;
      },
    ));
  const settle = async (change: Promise<unknown>, next: StoredTeamServer | undefined) => {
    try {
      await change;
      cached = Promise.resolve(next);
    } catch (error) {
      cached = undefined;
      throw error;
    }
  };
  const write = (s: StoredTeamServer) => settle(db.put('settings', s, KEY), s);
  /** The stored record, moved to the policy's address when policy sets one (a token for another address is dropped). */
  const current = async (): Promise<{
    stored?: StoredTeamServer;
    managed?: { url: string; signInRequired: boolean };
  }> => {
    const [stored, managed] = await Promise.all([read(), policy()]);
    if (!managed) return { stored, managed };
    const url = teamServerOrigin(managed.url);
    return { stored: stored?.url === url ? stored : { url }, managed: { ...managed, url } };
  };
  const viewOf = (
    s: StoredTeamServer | undefined,
    managed: { signInRequired: boolean } | undefined,
  ): TeamConnectionView => ({
    ...(s ? { url: s.url } : {}),
    managed: !!managed,
    signInRequired: managed?.signInRequired ?? false,
    signedIn: !!s?.token,
    ...(s?.token && s.identity ? { identity: s.identity, checkedAt: s.checkedAt } : {}),
    status: !s ? 'none' : s.token ? 'connected' : 'signed-out',
  });
  const view = async () => {
    const { stored, managed } = await current();
    return viewOf(stored, managed);
  };
  return {
    view,
    async setUrl(raw) {
      const { stored, managed } = await current();
      if (managed) throw new UserFacingError('invalid', t('team_url_managed'));
      const url = teamServerOrigin(raw);
      // The token belongs to the server it was given for: another address signs out.
      const next: StoredTeamServer = stored?.url === url ? stored : { url };
      await write(next);
      return viewOf(next, managed);
    },
    async signIn(token, identity, now) {
      const { stored, managed } = await current();
      if (!stored) throw new UserFacingError('invalid', t('team_url_first'));
      const next: StoredTeamServer = {
        url: stored.url,
        token: await encryptSecret(db, token),
        identity,
        checkedAt: now,
      };
      await write(next);
      return viewOf(next, managed);
    },
    async remember(identity, now) {
      const s = await read();
      if (s?.token) await write({ ...s, identity, checkedAt: now });
    },
    async signOut() {
      const { stored, managed } = await current();
      if (!stored) return viewOf(undefined, managed);
      const next: StoredTeamServer = { url: stored.url };
      await write(next);
      return viewOf(next, managed);
    },
    async remove() {
      const { managed } = await current();
      if (managed) {
        const next = { url: teamServerOrigin(managed.url) };
        await write(next);
        return viewOf(next, managed);
      }
      await settle(db.delete('settings', KEY), undefined);
      return viewOf(undefined, undefined);
    },
    async credentials() {
      const { stored } = await current();
      if (!stored?.token) return undefined;
      return { url: stored.url, token: await decryptSecret(db, stored.token) };
    },
  };
}

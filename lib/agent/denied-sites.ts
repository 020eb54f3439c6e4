/**
 * Sites the user denied in a run: a denied navigate or open_tab stands for the rest of that run (the run does not
 * ask to go there again). Settings → Permissions lists them and can remove one, after which the run asks again.
 * They live in the run journal's approvals; nothing is copied elsewhere.
 */
import type { ApprovalRecord } from './run-journal';

/** The tools whose approval is for going to an origin: a denial of one of them stands for the whole run. */
const GOES_TO_ORIGIN = new Set(['navigate', 'open_tab']);

/** Whether this approval is a denial of going to its site that still stands for its run. */
export const standsDenied = (a: ApprovalRecord): a is ApprovalRecord & { site: string } =>
  GOES_TO_ORIGIN.has(a.toolName) && a.status === 'denied' && !!a.site && a.denialRemovedAt === undefined;

/** One site denied in a run, as Settings lists it. */
export interface DeniedSite {
  runId: string;
  toolCallId: string;
  conversationId: string;
  site: string;
  toolName: string;
  deniedAt: number;
}

export interface DeniedSitesStore {
  /** Every denial that stands, newest first. */
  list(): Promise<DeniedSite[]>;
  /** Takes one denial back (the run asks again next time); false when there was no such standing denial. */
  remove(runId: string, toolCallId: string): Promise<boolean>;
}

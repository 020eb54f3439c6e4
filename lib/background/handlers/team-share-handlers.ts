/**
 * team.share*: "Share to team" in the panel (issue 26). The preview reads what the user chose (the page in front,
 * as the local index would capture it, or its PDF; a file attached in the conversation) and answers the body that
 * would be sent, scrubbed (team-share-body.ts). Nothing leaves until the user presses Share: then the body the
 * card showed comes back, is checked again against its schema, the privacy rules and the scrubber, and goes to
 * the signed-in server only, from here (the token never reaches the panel). Each share is an Activity line.
 */
import type { ActivityLine } from '../../agent/activity-line';
import { UserFacingError } from '../../messaging/user-facing-error';
import { decideCapture, type PrivacySettings } from '../../retrieval/privacy-policy';
import {
  fetchTeamDocumentStatus,
  isTeamServerFailure,
  shareTeamDocument,
  type SharedDocument,
} from '../../tools/team/team-client';
import type { TeamConnectionStore, TeamCredentials } from '../../tools/team/team-connection-store';
import {
  composeShareBody,
  teamShareBodySchema,
  type ShareDraft,
  type ShareSource,
  type TeamShareBody,
} from '../../tools/team/team-share-body';
import { citedPassages } from '../../tools/team/cited-passages';
import type { MessageRecord } from '../../storage/records';
import { t } from '../../util/t';
import type { SharePreview, ShareReply } from '../protocol';
import { asUserFacing } from './team-handlers';
import type { Awaitable, HandlerSet } from './handler-set';

/** What the page reader gives the share (read_page with what the user typed left out, as capture reads it). */
export interface SharedPageReading {
  title: string;
  lang: string;
  markdown: string;
  /** `application/pdf` when the tab shows a file the reader cannot see. */
  documentType?: string;
}

export interface TeamShareDeps {
  store: Awaitable<TeamConnectionStore>;
  fetch: typeof fetch;
  timeoutMs?: number;
  now(): number;
  generateId(): string;
  /** The "Remember what I read" rules as they apply (the organisation's included). */
  privacy(): Promise<PrivacySettings>;
  tab(tabId: number): Promise<{ url: string; title: string; incognito: boolean }>;
  readPage(tabId: number): Promise<SharedPageReading>;
  readPdf(url: string): Promise<{ title: string; text: string }>;
  attachment(id: string): Promise<{ name: string; conversationId?: string; text?: string } | undefined>;
  /** A stored message and its conversation's title (the answer whose cited passages are shared). */
  message(
    id: string,
  ): Promise<
    | (Pick<MessageRecord, 'conversationId' | 'role' | 'status' | 'text' | 'parts'> & { conversationTitle?: string })
    | undefined
  >;
  recordActivity(line: ActivityLine): Promise<unknown>;
}

/**
 * Whether the privacy rules let `url` leave: never incognito, never a denylisted site (the built-in list, the
 * user's, the organisation's). Pausing remembering and an allowlist decide what is remembered, not what a person
 * chooses to share, so they do not refuse here.
 */
export function shareRefusal(url: string, incognito: boolean, settings: PrivacySettings): string | undefined {
  const rules: PrivacySettings = {
    ...settings,
    paused: false,
    mode: 'denylist',
    ...(settings.forced ? { forced: { ...settings.forced, off: false } } : {}),
  };
  const decision = decideCapture({ url, incognito }, rules);
  if (decision.index) return undefined;
  return decision.reason === 'not-http' ? t('team_share_not_web') : t('team_share_private');
}

const hostOf = (url: string) => new URL(url).host;

export function createTeamShareHandlers(
  deps: TeamShareDeps,
): HandlerSet<'team.sharePreview' | 'team.share' | 'team.shareStatus'> {
  const client = { fetch: deps.fetch, timeoutMs: deps.timeoutMs };
  /**
   * The credentials and the teams a share may go to (as the server listed them when the connection was last
   * checked; the first is the preview's choice until the user picks another), or why there are none.
   */
  const signedIn = async (): Promise<{ creds: TeamCredentials; teams: Array<{ id: string; name: string }> }> => {
    const store = await deps.store;
    const [creds, view] = await Promise.all([store.credentials(), store.view()]);
    if (!creds) throw new UserFacingError('auth', t('team_share_not_signed_in'));
    const teams = (view.identity?.teams ?? []).map((team) => ({ id: team.id, name: team.name }));
    if (!teams.length) throw new UserFacingError('invalid', t('team_share_no_team', hostOf(creds.url)));
    return { creds, teams };
  };

  const readTab = async (tabId: number): Promise<ShareDraft> => {
    const tab = await deps.tab(tabId).catch(() => {
      throw new UserFacingError('not_found', t('team_share_tab_gone'));
    });
    const refusal = shareRefusal(tab.url, tab.incognito, await deps.privacy());
    if (refusal) throw new UserFacingError('invalid', refusal);
    const reading = await deps.readPage(tabId).catch((error: unknown) => {
      // Chrome's PDF viewer cannot be scripted: a file by its address is read as a file.
      if (/\.pdf(?:[?#]|$)/i.test(new URL(tab.url).pathname)) return { documentType: 'application/pdf' } as const;
      throw new UserFacingError('page_gone', t('team_share_unreadable', String((error as Error)?.message ?? error)));
    });
    if (reading.documentType === 'application/pdf') {
      const pdf = await deps.readPdf(tab.url).catch((error: unknown) => {
        throw new UserFacingError('page_gone', t('team_share_unreadable', String((error as Error)?.message ?? error)));
      });
      return { source: 'pdf', title: pdf.title || tab.title, url: tab.url, text: pdf.text };
    }
    const page = reading as SharedPageReading;
    return { source: 'page', title: page.title || tab.title, url: tab.url, lang: page.lang, text: page.markdown };
  };

  const readAttachment = async (conversationId: string, id: string): Promise<ShareDraft> => {
    const file = await deps.attachment(id);
    if (!file || file.conversationId !== conversationId)
      throw new UserFacingError('not_found', t('team_share_no_attachment'));
    if (!file.text) throw new UserFacingError('invalid', t('team_share_empty'));
    return { source: 'attachment', title: file.name, text: file.text };
  };

  /**
   * A finished answer's cited passages, each with the page it came from; a passage of a page the privacy rules
   * now keep private is left out (the history index kept it under the rules of its day).
   */
  const readAnswer = async (conversationId: string, id: string): Promise<ShareDraft> => {
    const answer = await deps.message(id);
    if (!answer || answer.conversationId !== conversationId || answer.role !== 'assistant')
      throw new UserFacingError('not_found', t('team_share_no_answer'));
    if (answer.status === 'streaming') throw new UserFacingError('busy', t('team_share_answer_unfinished'));
    const settings = await deps.privacy();
    const cited = citedPassages(answer);
    const allowed = cited.filter((p) => !/^https?:/i.test(p.url) || !shareRefusal(p.url, false, settings));
    if (!cited.length) throw new UserFacingError('invalid', t('team_share_no_passages'));
    if (!allowed.length) throw new UserFacingError('invalid', t('team_share_private'));
    const urls = new Set(allowed.map((p) => p.url));
    const only = urls.size === 1 ? [...urls][0] : undefined;
    return {
      source: 'passages',
      title: t('team_share_passages_title', answer.conversationTitle ?? allowed[0]!.title),
      ...(only ? { url: only } : {}),
      passages: allowed.map((p) => `${p.title}\n${p.url}\n\n${p.text}`),
    };
  };

  const record = (
    body: TeamShareBody,
    conversationId: string | undefined,
    outcome: ActivityLine['outcome'],
    host: string,
    reason?: string,
  ) =>
    deps
      .recordActivity({
        id: `share:${deps.generateId()}`,
        at: deps.now(),
        kind: 'team_share',
        toolName: 'share_to_team',
        site: body.sourceUrl ? new URL(body.sourceUrl).origin : '',
        conversationId: conversationId ?? '',
        runId: '',
        approval: 'card',
        outcome,
        target: body.title.slice(0, 300),
        destination: host,
        ...(reason ? { reason: reason.slice(0, 300) } : {}),
        sent: 0,
      })
      .catch((error: unknown) => console.warn('Tabwise: the share was not written to the Activity log', error));

  return {
    'team.sharePreview': async (input): Promise<SharePreview> => {
      const { creds, teams } = await signedIn();
      const team = teams[0]!;
      const draft =
        input.source === 'attachment'
          ? await readAttachment(input.conversationId, input.attachmentId)
          : input.source === 'answer'
            ? await readAnswer(input.conversationId, input.messageId)
            : await readTab(input.tabId);
      const body = composeShareBody(draft, team.id);
      if (!body) throw new UserFacingError('invalid', t('team_share_empty'));
      return { source: draft.source, body, team, teams, host: hostOf(creds.url) };
    },

    'team.share': async (input): Promise<ShareReply> => {
      const { creds, teams } = await signedIn();
      const host = hostOf(creds.url);
      // What the card showed, made fit again: the same rules give the same body, so this is what it showed. It
      // goes to the team the card named, which must be one of the caller's (the server checks again).
      const source: ShareSource = input.source;
      const shown = teamShareBodySchema.safeParse(input.body);
      const team = shown.success ? teams.find((x) => x.id === shown.data.teamId) : undefined;
      const body =
        team && shown.success
          ? composeShareBody({ source, ...shown.data, url: shown.data.sourceUrl }, team.id)
          : undefined;
      if (!body || !team) throw new UserFacingError('invalid', t('team_share_changed'));
      const refusal = body.sourceUrl ? shareRefusal(body.sourceUrl, false, await deps.privacy()) : undefined;
      if (refusal) throw new UserFacingError('invalid', refusal);
      try {
        const { document, duplicate } = await shareTeamDocument(creds, body, client);
        await record(body, input.conversationId, 'done', host);
        return { outcome: 'sent', document, duplicate };
      } catch (error) {
        if (isTeamServerFailure(error) && error.kind === 'rate_limited') {
          const retryAfterS = Math.max(1, Math.min(3600, Math.ceil(error.retryAfterS ?? 60)));
          return { outcome: 'busy', retryAfterS, message: t('team_share_busy_wait', host, retryAfterS) };
        }
        const shownError = asUserFacing(error);
        await record(body, input.conversationId, 'failed', host, (shownError as Error).message);
        throw shownError;
      }
    },

    'team.shareStatus': async ({ documentId }): Promise<SharedDocument> => {
      const { creds } = await signedIn();
      try {
        return await fetchTeamDocumentStatus(creds, documentId, client);
      } catch (error) {
        throw asUserFacing(error);
      }
    },
  };
}

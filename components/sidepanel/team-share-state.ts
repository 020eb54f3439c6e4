/**
 * "Share to team" in the panel (issue 26): offered only while signed in to a team server. The user picks what to
 * share, the background answers the exact body it would send (scrubbed), the card shows it, and only Share sends
 * it; then the server's queue state is followed until the document is indexed or failed. A busy server's wait is
 * shown and the share tried again by itself when it is over. A failure keeps the preview, so nothing is lost.
 */
import { signal } from '@preact/signals';
import { sendToBackground } from '../../lib/background/send-to-background';
import type { SharePreview } from '../../lib/background/protocol';
import type { SharedDocument } from '../../lib/tools/team/team-client';
import type { MessageRecord } from '../../lib/storage/records';

/** What the user can pick in the menu. */
export type ShareChoice =
  | { source: 'tab'; tabId: number }
  | { source: 'attachment'; attachmentId: string }
  | { source: 'answer'; messageId: string };

export type SharePhase =
  | { kind: 'reading' }
  | { kind: 'preview' }
  | { kind: 'sending' }
  | { kind: 'sent'; document: SharedDocument; duplicate: boolean }
  | { kind: 'busy'; message: string; retryAt: number }
  | { kind: 'error'; message: string };

/** The background call the state makes (injectable for tests). */
type Send = typeof sendToBackground;

export interface TeamShareTiming {
  send?: Send;
  /** How often the server's queue state is asked for while the document waits (default 1 s). */
  pollMs?: number;
  /** Asking stops after this long; the card says where it was (default 5 minutes). */
  pollForMs?: number;
  now?: () => number;
}

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

export function createTeamShareState(conversationId: () => string | undefined, timing: TeamShareTiming = {}) {
  const signedIn = signal(false);
  const menuOpen = signal(false);
  const preview = signal<SharePreview | null>(null);
  const phase = signal<SharePhase | null>(null);
  const now = timing.now ?? Date.now;
  const send: Send = timing.send ?? sendToBackground;
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** Bumped by every new choice and by Cancel, so a late answer for an older card changes nothing. */
  let generation = 0;

  const stopTimer = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };

  const follow = (gen: number, documentId: string, until: number) => {
    timer = setTimeout(() => {
      void send('team.shareStatus', { documentId }).then(
        (document) => {
          if (gen !== generation) return;
          const current = phase.value;
          phase.value = { kind: 'sent', document, duplicate: current?.kind === 'sent' && current.duplicate };
          if ((document.status === 'queued' || document.status === 'indexing') && now() < until)
            follow(gen, documentId, until);
        },
        // The share is done; only following it failed: ask again on the next tick while there is time.
        () => {
          if (gen === generation && now() < until) follow(gen, documentId, until);
        },
      );
    }, timing.pollMs ?? 1000);
  };

  const share = async (): Promise<void> => {
    const shown = preview.value;
    if (!shown) return;
    stopTimer();
    const gen = generation;
    phase.value = { kind: 'sending' };
    try {
      const id = conversationId();
      const reply = await send('team.share', {
        source: shown.source,
        body: shown.body,
        ...(id ? { conversationId: id } : {}),
      });
      if (gen !== generation) return;
      if (reply.outcome === 'busy') {
        phase.value = { kind: 'busy', message: reply.message, retryAt: now() + reply.retryAfterS * 1000 };
        timer = setTimeout(() => void share(), reply.retryAfterS * 1000);
        return;
      }
      phase.value = { kind: 'sent', document: reply.document, duplicate: reply.duplicate };
      if (reply.document.status === 'queued' || reply.document.status === 'indexing')
        follow(gen, reply.document.id, now() + (timing.pollForMs ?? 5 * 60_000));
    } catch (e) {
      if (gen === generation) phase.value = { kind: 'error', message: messageOf(e) };
    }
  };

  return {
    signedIn,
    menuOpen,
    preview,
    phase,
    /** Whether a team server is signed in (the menu shows only then). */
    async load() {
      try {
        const view = await send('team.get', {});
        signedIn.value = view.signedIn;
      } catch (e) {
        console.warn('Tabwise: the team connection could not be read', e);
        signedIn.value = false;
      }
    },
    /** Reads what the user picked and shows its preview; nothing is sent. */
    async choose(choice: ShareChoice) {
      menuOpen.value = false;
      stopTimer();
      const gen = ++generation;
      preview.value = null;
      phase.value = { kind: 'reading' };
      try {
        const id = conversationId();
        const request = choice.source === 'tab' ? choice : { ...choice, conversationId: id ?? '' };
        const shown = await send('team.sharePreview', request);
        if (gen !== generation) return;
        preview.value = shown;
        phase.value = { kind: 'preview' };
      } catch (e) {
        if (gen === generation) phase.value = { kind: 'error', message: messageOf(e) };
      }
    },
    /**
     * The user's pick of another of their teams: the card then names it and the body goes to it. Not while a share
     * is on its way or done; a wait for a busy server is given up (the user presses Share again).
     */
    chooseTeam(teamId: string) {
      const shown = preview.value;
      const kind = phase.value?.kind;
      const team = shown?.teams.find((x) => x.id === teamId);
      if (!shown || !team || (kind !== 'preview' && kind !== 'error' && kind !== 'busy')) return;
      stopTimer();
      preview.value = { ...shown, team, body: { ...shown.body, teamId: team.id } };
      phase.value = { kind: 'preview' };
    },
    /** The user's Share (and Retry): sends exactly the body the card shows. */
    share,
    /** Closes the card; a wait for a busy server is given up, nothing is sent. */
    cancel() {
      stopTimer();
      generation++;
      preview.value = null;
      phase.value = null;
    },
  };
}

export type TeamShareState = ReturnType<typeof createTeamShareState>;

/** The last finished answer whose search_history calls found passages: what "Share to team" offers to share. */
export function lastAnswerWithPassages(messages: readonly Pick<MessageRecord, 'id' | 'role' | 'status' | 'parts'>[]) {
  const found = (parts: MessageRecord['parts']): boolean =>
    (parts ?? []).some(
      (p) => p.kind === 'tool' && ((p.toolName === 'search_history' && p.status === 'done') || found(p.nested)),
    );
  return [...messages].reverse().find((m) => m.role === 'assistant' && m.status !== 'streaming' && found(m.parts))?.id;
}

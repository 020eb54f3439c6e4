/**
 * Settings → Team's live line of the team's knowledge: asks the background once now, then again and again while the
 * section is shown, each ask waiting for the server's next event (team.knowledge), and stops when the section goes.
 */
import { signal } from '@preact/signals';
import { sendToBackground } from '../../lib/background/send-to-background';
import type { TeamKnowledgeView } from '../../lib/background/protocol';

/** How long one ask listens to the server's events. */
const WAIT_MS = 20_000;
/** After a failure, the next ask waits this long first. */
const RETRY_MS = 15_000;

export interface TeamKnowledgeDeps {
  ask(input: { after?: string; waitMs: number }): Promise<TeamKnowledgeView>;
  sleep(ms: number): Promise<void>;
}

const defaultDeps: TeamKnowledgeDeps = {
  ask: (input) => sendToBackground('team.knowledge', input),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

export function createTeamKnowledgeState(deps: TeamKnowledgeDeps = defaultDeps) {
  const view = signal<TeamKnowledgeView | null>(null);
  let running = false;
  /** Follows the server until `stop`; a second call while running does nothing. */
  async function follow() {
    if (running) return;
    running = true;
    let after: string | undefined;
    let waitMs = 0;
    while (running) {
      try {
        const next = await deps.ask({ ...(after ? { after } : {}), waitMs });
        if (!running) break;
        view.value = next;
        if (!next.signedIn) break;
        after = next.cursor ?? after;
        if (next.error) await deps.sleep(RETRY_MS);
      } catch (error) {
        console.warn('Tabwise: the team knowledge line failed', error);
        await deps.sleep(RETRY_MS);
      }
      waitMs = WAIT_MS;
    }
    running = false;
  }
  return {
    view,
    follow,
    stop() {
      running = false;
    },
  };
}

/**
 * What the user typed on a card for one tool call (a password for fill_password, a note for ask_user), held
 * in the worker's memory only, from the moment the panel's decision arrives until the call takes it. It is
 * never journaled, never in a tool result, an event or a log: a worker that dies before the call runs loses
 * it, and the card asks again.
 */
export interface UserInput {
  /** The password the user typed (fill_password). */
  secret?: string;
  /** A short note the user typed when handing the run back (ask_user). */
  note?: string;
}

/** How long a delivered input waits for its call before it is dropped. */
export const USER_INPUT_TTL_MS = 60_000;

export class UserInputInbox {
  readonly #items = new Map<string, { input: UserInput; at: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  #key = (runId: string, toolCallId: string) => `${runId}\u0000${toolCallId}`;

  /** Holds `input` for the call; a second delivery for the same call replaces the first. */
  put(runId: string, toolCallId: string, input: UserInput): void {
    this.#drop();
    this.#items.set(this.#key(runId, toolCallId), { input, at: this.now() });
  }

  /** The input for the call, once: a second take answers nothing. */
  take(runId: string, toolCallId: string): UserInput | undefined {
    this.#drop();
    const key = this.#key(runId, toolCallId);
    const item = this.#items.get(key);
    this.#items.delete(key);
    return item?.input;
  }

  #drop(): void {
    const oldest = this.now() - USER_INPUT_TTL_MS;
    for (const [key, item] of this.#items) if (item.at < oldest) this.#items.delete(key);
  }
}

/** The worker's one inbox: the panel's commands put into it, the tools take from it. */
export const userInputInbox = new UserInputInbox();

/**
 * The receiving end of a protocol: checks the sender, validates the input with the route's validator,
 * runs the handler and answers with the envelope. Validators are `{ safeParse }`-shaped (validator.ts), so
 * this file pulls no zod: the content script can serve page commands with hand-written guards.
 */
import type { NameOf, OutputOf, ParsedOf, Protocol, Routes } from './define-protocol';
import { fail, ok, type Envelope } from './envelope';
import { senderIs, type SelfInfo, type SenderInfo, type SenderKind } from './sender-is';
import type { Validator } from './validator';
import { isAddressedTo } from './wire-message';
import { toErrorInfo } from '../core/to-error-info';

/** What a handler knows about the call besides its input (the capture handler reads the sender's tab). */
export interface CallContext<S extends SenderInfo = SenderInfo> {
  sender: S;
}

export type Handler<R extends Routes, K extends keyof R, S extends SenderInfo = SenderInfo> = (
  input: ParsedOf<R, K>,
  context: CallContext<S>,
) => Promise<OutputOf<R, K>> | OutputOf<R, K>;

/** Every request's handler; features may add theirs as a partial set, merged by the composition root. */
export type Handlers<R extends Routes, S extends SenderInfo = SenderInfo> = { [K in NameOf<R>]?: Handler<R, K, S> };

/** One validator per request: the receiver trusts nothing it is sent. */
export type Validators<R extends Routes> = { [K in NameOf<R>]: Validator<ParsedOf<R, K>> };

export interface ServeOptions<R extends Routes, S extends SenderInfo = SenderInfo> {
  validators: Validators<R>;
  handlers: Handlers<R, S>;
  /** Who may call. Anyone else gets 'forbidden'. */
  from: SenderKind | readonly SenderKind[];
  self: SelfInfo;
}

/** Own keys only: a name like "toString" or "__proto__" is not a request. */
function isRouteName<R extends Routes>(validators: Validators<R>, name: string): name is NameOf<R> {
  return Object.hasOwn(validators, name);
}

const issuesText = (issues: ReadonlyArray<{ message: string }>) => issues.map((i) => i.message).join('; ');

/**
 * Answers one raw message: undefined when it is not this protocol's (another listener's, or not ours at
 * all), else the envelope to send back. Never throws: a handler's error travels in the envelope with its code.
 */
export async function dispatch<R extends Routes, S extends SenderInfo>(
  protocol: Protocol<R>,
  raw: unknown,
  sender: S,
  options: ServeOptions<R, S>,
): Promise<Envelope<unknown> | undefined> {
  if (!isAddressedTo(raw, protocol.marker)) return undefined;
  if (!senderIs(sender, options.from, options.self))
    return fail({ code: 'forbidden', message: 'Not allowed from this sender.' });
  const name = raw.name;
  if (typeof name !== 'string') return fail({ code: 'bad_request', message: 'Malformed message.' });
  if (!isRouteName(options.validators, name))
    return fail({ code: 'bad_request', message: `Unknown request "${name}".` });
  const route: NameOf<R> = name;
  const parsed = options.validators[route].safeParse(raw.data ?? {});
  if (!parsed.success) return fail({ code: 'invalid', message: issuesText(parsed.error.issues) });
  const handler = options.handlers[route];
  if (!handler) return fail({ code: 'unavailable', message: `No handler for "${name}".` });
  try {
    return ok(await handler(parsed.data, { sender }));
  } catch (error) {
    return fail(toErrorInfo(error));
  }
}

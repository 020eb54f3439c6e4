/**
 * The pass-through (issue 27): a member's SDK request, authenticated by their team token, goes to their team's
 * provider with the team's key. The upstream is the provider the admin configured and only that: the caller picks
 * a model (and may name one of their team's providers), never an address, and only a short list of their headers
 * travels on. Streaming passes chunk by chunk; the final usage event is metered; a reached budget ends the request
 * before it leaves, in the SDK's own error format. Nothing of a prompt or a key is logged.
 */
import type pg from 'pg';
import { withCaller, type Caller } from '../db/with-caller';
import { meterUsage } from './meter-usage';
import { recordUsage } from './provider-usage';
import type { KeySealer } from './seal-provider-key';
import { chooseProvider, type TeamProviderView } from './team-provider-queries';
import { wireError, type Wire } from './wire-error';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The most a request body may be (images travel inline). */
export const MAX_PROXY_BODY_BYTES = 32 * 1024 * 1024;

/** Headers of the caller's request that reach the provider (the rest, their token included, stay here). */
const FORWARDED = ['accept', 'anthropic-version', 'anthropic-beta', 'openai-beta'];
/** Headers of the provider's answer that reach the caller. */
const RETURNED = ['content-type', 'cache-control', 'retry-after', 'retry-after-ms', 'request-id', 'x-request-id'];

export interface ForwardDeps {
  pool: pg.Pool;
  sealer: KeySealer | undefined;
  fetch?: typeof fetch;
  log: (line: string) => void;
}

/** The provider's endpoint for this wire: its base URL (or the vendor's own) and the wire's one path. */
export function upstreamUrl(p: Pick<TeamProviderView, 'kind' | 'baseUrl'>, wire: Wire): string {
  const base = (
    p.baseUrl || (wire === 'anthropic' ? 'https://api.anthropic.com' : 'https://api.openai.com/v1')
  ).replace(/\/+$/, '');
  return wire === 'anthropic' ? `${base}/v1/messages` : `${base}/chat/completions`;
}

type Parsed = { body: Record<string, unknown>; model: string } | { refused: Response };

function parseBody(wire: Wire, text: string): Parsed {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { refused: wireError(wire, 400, 'the request body is not valid JSON', 'invalid_request_error') };
  }
  if (!body || typeof body !== 'object' || Array.isArray(body))
    return { refused: wireError(wire, 400, 'the request body must be a JSON object', 'invalid_request_error') };
  const model = (body as { model?: unknown }).model;
  if (typeof model !== 'string' || !model || model.length > 200)
    return { refused: wireError(wire, 400, 'the request names no model', 'invalid_request_error') };
  return { body: body as Record<string, unknown>, model };
}

function upstreamHeaders(wire: Wire, incoming: Headers, key: string): Headers {
  const out = new Headers({ 'content-type': 'application/json' });
  for (const name of FORWARDED) {
    const value = incoming.get(name);
    if (value) out.set(name, value);
  }
  if (wire === 'anthropic') {
    out.set('x-api-key', key);
    if (!out.has('anthropic-version')) out.set('anthropic-version', '2023-06-01');
  } else out.set('authorization', `Bearer ${key}`);
  return out;
}

/** Answers one pass-through request of `caller` (already authenticated). */
export async function forwardToProvider(
  deps: ForwardDeps,
  wire: Wire,
  caller: Caller,
  req: Request,
): Promise<Response> {
  if (!deps.sealer)
    return wireError(wire, 503, 'team providers are not set up on this server (no TEAM_SERVER_SECRET)', 'unavailable');
  const parsed = parseBody(wire, await req.text());
  if ('refused' in parsed) return parsed.refused;
  const { body, model } = parsed;
  const sealer = deps.sealer;
  const providerId = req.headers.get('x-tabwise-provider') ?? undefined;
  if (providerId !== undefined && !UUID.test(providerId))
    return wireError(wire, 400, 'x-tabwise-provider is not a provider id', 'invalid_request_error');
  const chosen = await withCaller(deps.pool, caller, (tx) => chooseProvider(tx, sealer, wire, model, providerId));
  if (!chosen) return wireError(wire, 404, `your team has no provider for the model ${model}`, 'model_not_found');
  const { provider, budget, key } = chosen;
  if (budget.limit !== undefined && budget.spent >= budget.limit)
    return wireError(
      wire,
      402,
      `Your monthly budget on the team's provider is used up (${round(budget.spent)} of ${round(budget.limit)}). Ask your team's admin to raise it.`,
      'budget_exceeded',
    );
  const streaming = body.stream === true;
  // OpenAI reports a stream's usage only when asked: the pass-through asks, so every request is metered.
  if (wire === 'openai' && streaming)
    body.stream_options = { ...(body.stream_options as object | undefined), include_usage: true };
  let upstream: Response;
  try {
    upstream = await (deps.fetch ?? fetch)(upstreamUrl(provider, wire), {
      method: 'POST',
      headers: upstreamHeaders(wire, req.headers, key),
      body: JSON.stringify(body),
      signal: req.signal,
    });
  } catch (error) {
    deps.log(`team-server: the provider ${provider.id} could not be reached (${(error as Error).name})`);
    return wireError(wire, 502, "the team's provider could not be reached", 'upstream_unreachable');
  }
  const headers = new Headers();
  for (const name of RETURNED) {
    const value = upstream.headers.get(name);
    if (value) headers.set(name, value);
  }
  if (!upstream.ok) return answerUpstreamError(wire, upstream, headers, key);
  if (!upstream.body) return new Response(null, { status: upstream.status, headers });
  const metered = meterUsage(wire, streaming, upstream.body, async (tokens, seen) => {
    if (!seen) return;
    await withCaller(deps.pool, caller, (tx) => recordUsage(tx, provider, model, tokens)).catch((error: unknown) =>
      deps.log(`team-server: usage of a pass-through request was not recorded (${(error as Error).message})`),
    );
  });
  return new Response(metered, { status: upstream.status, headers });
}

const round = (x: number) => Math.round(x * 100) / 100;

/**
 * A provider's error, read whole (errors are small) so that no echo of the team's key reaches the member: a
 * refused key is the admin's to fix and says so (a 403, which no SDK retries); any other error goes on with the key
 * blanked wherever the provider repeated it.
 */
async function answerUpstreamError(wire: Wire, upstream: Response, headers: Headers, key: string) {
  const text = (await upstream.text()).slice(0, 64 * 1024);
  if (upstream.status === 401)
    return wireError(
      wire,
      403,
      "The team's provider refused the team's key. Ask your team's admin to check it.",
      'team_key_refused',
    );
  return new Response(text.split(key).join('[the team key]'), { status: upstream.status, headers });
}

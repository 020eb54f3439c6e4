import type { IncomingMessage, ServerResponse } from 'node:http';
import { detectWire } from './detect-wire';
import type { FakeLlm } from './fake-llm';
import { handleCompletion } from './handle-completion';
import { lowerCaseHeaders } from './lower-case-headers';
import { modelListBody } from './model-list-body';
import { readBody } from './read-body';
import type { RecordedRequest } from './recorded-request';
import { requestKey } from './request-key';
import { sendError } from './send-error';
import { sendJson } from './send-json';
import { vendorHeaders } from './vendor-headers';

const completionPaths = new Set(['/v1/chat/completions', '/v1/messages']);

/** Azure OpenAI's paths (`/openai/deployments/{name}/chat/completions`, `/openai/models`) as the OpenAI ones they mirror. */
function routeOf(path: string): string {
  if (/^\/openai\/deployments\/[^/]+\/chat\/completions$/.test(path)) return '/v1/chat/completions';
  if (path === '/openai/models') return '/v1/models';
  return path;
}

/** Routes one HTTP request: records it, checks its key, then answers models, completions, or a 404. */
export async function handleRequest(llm: FakeLlm, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const at = Date.now();
  const headers = lowerCaseHeaders(req.headers);
  const url = new URL(req.url ?? '/', 'http://fake');
  const path = routeOf(url.pathname);
  const body = await readBody(req);
  const request: RecordedRequest = {
    method: req.method ?? 'GET',
    path: url.pathname,
    query: url.search.slice(1),
    headers,
    body,
    wire: detectWire(path, headers),
    at,
  };
  llm.record(request);

  const vendor = vendorHeaders(request.wire);
  if (request.method === 'OPTIONS') {
    // CORS preflight from an extension page; the service worker with host permissions never sends one.
    res.writeHead(204, {
      ...vendor.headers,
      'access-control-allow-methods': 'GET, POST, OPTIONS',
      'access-control-allow-headers': headers['access-control-request-headers'] ?? '*',
      'access-control-max-age': '600',
    });
    res.end();
    return;
  }
  if (llm.refusesOrigin(headers['origin'])) {
    // Ollama's answer to an origin outside OLLAMA_ORIGINS: a bare 403 with an empty body.
    res.writeHead(403, { 'content-length': '0' });
    res.end();
    return;
  }
  if (!llm.accepts(requestKey(headers))) {
    sendError(res, request.wire, 401, vendor);
    return;
  }
  if (request.method === 'GET' && path === '/v1/models') {
    sendJson(res, 200, modelListBody(request.wire, llm.models, llm.modelExtras), vendor.headers);
    return;
  }
  const rejection = request.method === 'POST' ? (llm.toolsRejection(body) ?? llm.imagesRejection(body)) : undefined;
  if (rejection !== undefined && completionPaths.has(path)) {
    sendError(res, request.wire, 400, vendor, { message: rejection });
    return;
  }
  if (request.method === 'POST' && completionPaths.has(path)) {
    await handleCompletion(res, request, llm.takeReply(request), vendor);
    return;
  }
  sendError(res, request.wire, 404, vendor, { message: `Invalid URL (${request.method} ${path})` });
}

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FakeLlm, type StartFakeLlmOptions } from './fake-llm';
import { handleRequest } from './handle-request';

/** Starts a fake OpenAI + Anthropic server on 127.0.0.1 (a random port unless `port` is given). */
export async function startFakeLlm(options: StartFakeLlmOptions = {}): Promise<FakeLlm> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  // The handler is attached only now, as it needs the FakeLlm, which needs the port; no client knows the
  // port before this returns, so no request can arrive first.
  const llm = new FakeLlm(server, (server.address() as AddressInfo).port, options);
  server.on('request', (req, res) => {
    handleRequest(llm, req, res).catch((error: unknown) => {
      // A throwing script (e.g. a text function) must show up somewhere, not hang the client.
      console.error('fake-llm: request failed', error);
      res.destroy(error instanceof Error ? error : new Error(String(error)));
    });
  });
  return llm;
}

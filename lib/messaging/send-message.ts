/** The pages' side of the protocol: typed request, typed reply, errors rethrown as RemoteError. */
import type { Envelope, RequestName, RequestOf, ResponseOf, WireError } from './protocol';

export class RemoteError extends Error {
  readonly code: string;
  readonly status?: number;
  constructor(err: WireError) {
    super(err.message);
    this.name = 'RemoteError';
    this.code = err.code;
    this.status = err.status;
  }
}

export async function sendMessage<K extends RequestName>(name: K, data: RequestOf<K>): Promise<ResponseOf<K>> {
  const reply = (await chrome.runtime.sendMessage({ tabwise: 1, name, data })) as Envelope<ResponseOf<K>> | undefined;
  if (!reply) throw new RemoteError({ code: 'no_reply', message: 'The background did not answer.' });
  if ('err' in reply) throw new RemoteError(reply.err);
  return reply.res;
}

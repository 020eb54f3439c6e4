import type { IncomingMessage } from 'node:http';

/** The request body parsed as JSON; the raw text when it is not JSON; undefined when empty. */
export async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // Recorded as text so a test can still see what a broken client sent.
    return text;
  }
}

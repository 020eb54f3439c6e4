/**
 * The same fixture pages on two origins for the approval tests: 127.0.0.1 on one port and localhost on
 * another, so a tab can move from one site to the other the way it would between two real sites.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { serveStatic, type StaticServer } from '../harness/serve-static';

const page = (name: string) => readFileSync(fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url)), 'utf8');

export interface TwoOrigins {
  /** `http://127.0.0.1:PORT` */
  a: string;
  /** `http://localhost:PORT` (another port, so another origin even where localhost is 127.0.0.1) */
  b: string;
  close(): Promise<void>;
}

/** Serves tests/security/fixtures/*.html at `/<name>` on both origins. */
export async function serveTwoOrigins(names: string[]): Promise<TwoOrigins> {
  const pages = Object.fromEntries(names.map((n) => [`/${n}`, page(n)]));
  const done = '<!doctype html><title>Done</title><p>Order placed.</p>';
  const servers: StaticServer[] = [
    await serveStatic({ ...pages, '/done': done }),
    await serveStatic({ ...pages, '/done': done }),
  ];
  return {
    a: servers[0]!.url,
    b: `http://localhost:${servers[1]!.port}`,
    close: async () => void (await Promise.all(servers.map((s) => s.close()))),
  };
}

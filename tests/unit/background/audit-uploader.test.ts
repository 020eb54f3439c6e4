/**
 * The audit uploader over a memory outbox and a scripted server: batches acknowledged and removed, one team per
 * batch, exponential backoff stored (so a new worker waits it out), the server's Retry-After honoured, signed
 * out nothing is sent, a call during a run joins it and still sends what came meanwhile.
 */
import { describe, expect, it } from 'vitest';
import type { AuditLine } from '../../../lib/agent/audit-line';
import { createMemoryOutbox, type OutboxEntry } from '../../../lib/agent/audit-outbox';
import {
  AUDIT_BACKOFF,
  AUDIT_SIGNED_OUT_RECHECK_MS,
  backoffMs,
  createAuditUploader,
} from '../../../lib/background/audit-uploader';
import { teamServerFailure } from '../../../lib/tools/team/team-client';

const NOW = Date.UTC(2026, 10, 20, 10);
const CREDS = { url: 'https://team.example', token: 'tws_x' };

const entry = (id: string, teamId = 'red', queuedAt = NOW): OutboxEntry => ({
  id,
  teamId,
  queuedAt,
  line: {
    id,
    at: queuedAt,
    kind: 'click',
    toolName: 'click',
    site: 'https://shop.example',
    conversationId: 'c',
    runId: 'r',
    approval: 'card',
    outcome: 'done',
  },
});

function world(opts: { signedIn?: boolean } = {}) {
  let now = NOW;
  const outbox = createMemoryOutbox();
  const sent: { teamId: string; ids: string[] }[] = [];
  const wakes: number[] = [];
  let reply: (teamId: string, lines: AuditLine[]) => Promise<string[]> = async (_t, lines) => lines.map((l) => l.id);
  const uploader = createAuditUploader({
    outbox,
    now: () => now,
    credentials: async () => (opts.signedIn === false ? undefined : CREDS),
    send: async (_c, teamId, lines) => {
      sent.push({ teamId, ids: lines.map((l) => l.id) });
      return reply(teamId, lines);
    },
    wakeAt: async (at) => void wakes.push(at),
    batchSize: 2,
  });
  const put = (...es: OutboxEntry[]) => es.forEach((e) => outbox.values.set(e.id, e));
  return {
    outbox,
    sent,
    wakes,
    uploader,
    put,
    setReply: (r: typeof reply) => (reply = r),
    advance: (ms: number) => (now += ms),
    now: () => now,
  };
}

describe('audit uploader', () => {
  it('sends oldest first in batches of one team, removing only what the server acknowledged', async () => {
    const w = world();
    w.put(entry('a', 'red', NOW), entry('b', 'blue', NOW + 1), entry('c', 'red', NOW + 2), entry('d', 'red', NOW + 3));
    await w.uploader.flush();
    expect(w.sent).toEqual([
      { teamId: 'red', ids: ['a'] },
      { teamId: 'blue', ids: ['b'] },
      { teamId: 'red', ids: ['c', 'd'] },
    ]);
    expect(await w.outbox.count()).toBe(0);
    expect(await w.outbox.state()).toEqual({ attempts: 0, lastSentAt: NOW });
  });

  it('keeps a line the server did not acknowledge and sends it again', async () => {
    const w = world();
    w.put(entry('a'), entry('b', 'red', NOW + 1));
    w.setReply(async () => ['a']);
    await w.uploader.flush();
    // b was not acknowledged: the next batch is b alone, and it stays until taken.
    expect(w.sent.map((s) => s.ids)).toEqual([['a', 'b'], ['b']]);
    expect([...w.outbox.values.keys()]).toEqual(['b']);
    expect((await w.outbox.state()).attempts).toBe(1);
  });

  it('backs off exponentially, stores when to try next, and a new uploader (a woken worker) waits it out', async () => {
    const w = world();
    w.put(entry('a'));
    w.setReply(async () => {
      throw teamServerFailure('unreachable', 'Could not reach team.example.');
    });
    await w.uploader.flush();
    expect(await w.outbox.state()).toMatchObject({
      attempts: 1,
      nextAttemptAt: NOW + AUDIT_BACKOFF.baseMs,
      lastError: 'Could not reach team.example.',
    });
    expect(w.wakes).toEqual([NOW + AUDIT_BACKOFF.baseMs]);
    // Before the wait is over nothing is sent, whoever asks.
    await w.uploader.flush();
    expect(w.sent).toHaveLength(1);
    w.advance(AUDIT_BACKOFF.baseMs);
    await w.uploader.flush();
    expect((await w.outbox.state()).nextAttemptAt).toBe(w.now() + 2 * AUDIT_BACKOFF.baseMs);
    expect(backoffMs(30)).toBe(AUDIT_BACKOFF.maxMs);
    // The server is back: the line goes, and the attempts start over.
    w.advance(2 * AUDIT_BACKOFF.baseMs);
    w.setReply(async (_t, lines) => lines.map((l) => l.id));
    await w.uploader.flush();
    expect(await w.outbox.count()).toBe(0);
    expect((await w.outbox.state()).attempts).toBe(0);
  });

  it("honours the server's Retry-After when it is longer than the backoff", async () => {
    const w = world();
    w.put(entry('a'));
    w.setReply(async () => {
      throw teamServerFailure('rate_limited', 'team.example is busy: try again in 120 s.', 120);
    });
    await w.uploader.flush();
    expect((await w.outbox.state()).nextAttemptAt).toBe(NOW + 120_000);
    expect(w.wakes).toEqual([NOW + 120_000]);
  });

  it('signed out, sends nothing and keeps every line', async () => {
    const w = world({ signedIn: false });
    w.put(entry('a'));
    await w.uploader.flush();
    expect(w.sent).toEqual([]);
    expect(await w.outbox.count()).toBe(1);
    // It looks again later: signing in again sends them without waiting for a new line.
    expect(w.wakes).toEqual([NOW + AUDIT_SIGNED_OUT_RECHECK_MS]);
  });

  it('a reply that takes nothing of the batch is a failed try, not a loop', async () => {
    const w = world();
    w.put(entry('a'));
    w.setReply(async () => ['someone-else']);
    await w.uploader.flush();
    expect(w.sent).toHaveLength(1);
    expect(await w.outbox.state()).toMatchObject({ attempts: 1 });
    expect(await w.outbox.count()).toBe(1);
  });

  it('a flush during a run joins it, and a line queued meanwhile is sent before it ends', async () => {
    const w = world();
    w.put(entry('a'));
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    w.setReply(async (_t, lines) => {
      await held;
      return lines.map((l) => l.id);
    });
    const first = w.uploader.flush();
    await new Promise((r) => setTimeout(r, 0));
    w.put(entry('b', 'red', NOW + 5));
    const second = w.uploader.flush();
    release();
    await Promise.all([first, second]);
    expect(w.sent.map((s) => s.ids)).toEqual([['a'], ['b']]);
    expect(await w.outbox.count()).toBe(0);
  });
});

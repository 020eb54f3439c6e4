import { describe, expect, it } from 'vitest';
import { UploadSchema } from '../../../../lib/team-server/api/schemas';
import {
  composeShareBody,
  SHARE_MAX_BYTES,
  SHARE_MAX_CHARS,
  teamShareBodySchema,
} from '../../../../lib/tools/team/team-share-body';
import { citedPassages } from '../../../../lib/tools/team/cited-passages';
import type { RunPart } from '../../../../lib/core/run-part';

const TEAM = '0b6c5e52-6f1f-4a1b-9a38-2f7c9a9d2f10';
const GH = 'ghp_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789';

describe('composeShareBody', () => {
  it('scrubs the text, the title and the address by the local index rules, and keeps the rest as read', () => {
    const body = composeShareBody(
      {
        source: 'page',
        title: `Keys ${GH}`,
        url: 'https://wiki.example.com/deploy?access_token=abc123secret&tab=2',
        lang: 'en',
        text: `# Deploy\n\nThe token is ${GH}.\npassword: hunter2!x\nCard 4111 1111 1111 1111 on file.\nRollbacks go through the switch.`,
      },
      TEAM,
    );
    expect(body).toEqual({
      scope: 'team',
      teamId: TEAM,
      title: 'Keys [redacted]',
      sourceUrl: 'https://wiki.example.com/deploy?access_token=%5Bredacted%5D&tab=2',
      lang: 'en',
      text: '# Deploy\n\nThe token is [redacted]\npassword: [redacted]\nCard [redacted] on file.\nRollbacks go through the switch.',
    });
  });

  it('answers a body the team server accepts, and composing it again changes nothing (what the card showed is sent)', () => {
    const body = composeShareBody(
      {
        source: 'page',
        title: '  A\tpage\u0007 ',
        url: 'https://a.example/x',
        text: 'Hello\u0000 world\u001b, api_key=Zx9Qw7Er5Ty3',
      },
      TEAM,
    )!;
    expect(body.title).toBe('A page');
    expect(body.text).toBe('Hello world, api_key=[redacted]');
    expect(UploadSchema.safeParse(body).success).toBe(true);
    expect(teamShareBodySchema.parse(body)).toEqual(body);
    expect(composeShareBody({ source: 'page', ...body, url: body.sourceUrl }, TEAM)).toEqual(body);
  });

  it('passages stay passages, each scrubbed; empty ones are dropped; nothing left is nothing to share', () => {
    const body = composeShareBody(
      { source: 'passages', title: 'Cited', passages: ['  ', `Use ${GH}`, 'Plain text'] },
      TEAM,
    );
    expect(body?.passages).toEqual(['Use [redacted]', 'Plain text']);
    expect(body?.text).toBeUndefined();
    expect(UploadSchema.safeParse(body).success).toBe(true);
    expect(composeShareBody({ source: 'page', title: 'Empty', text: ' \n ' }, TEAM)).toBeUndefined();
    expect(composeShareBody({ source: 'passages', title: 'Empty', passages: [' '] }, TEAM)).toBeUndefined();
  });

  it('a file has no address, a non-web address is not sent, a bad language tag is left out, a long text is cut', () => {
    const long = 'word '.repeat(SHARE_MAX_CHARS / 4);
    const body = composeShareBody(
      { source: 'attachment', title: 'notes.txt', url: 'file:///home/me/notes.txt', lang: 'not a tag', text: long },
      TEAM,
    )!;
    expect(body.sourceUrl).toBeUndefined();
    expect(body.lang).toBeUndefined();
    expect(body.text!.length).toBeLessThanOrEqual(SHARE_MAX_CHARS);
    expect(body.text!.length).toBeGreaterThan(SHARE_MAX_CHARS * 0.9);
    expect(UploadSchema.safeParse(body).success).toBe(true);
    // Three bytes a character: the byte limit cuts first, and the body stays under the server's 5 MiB.
    const cjk = composeShareBody({ source: 'page', title: '計画', text: '計画書'.repeat(SHARE_MAX_CHARS / 3) }, TEAM)!;
    const bytes = new TextEncoder().encode(JSON.stringify(cjk)).length;
    expect(bytes).toBeLessThanOrEqual(SHARE_MAX_BYTES + 1000);
    expect(bytes).toBeGreaterThan(SHARE_MAX_BYTES * 0.9);
    expect(composeShareBody({ source: 'page', ...cjk, url: cjk.sourceUrl }, TEAM)).toEqual(cjk);
  });
});

describe('citedPassages', () => {
  const found = (passages: unknown[]): RunPart => ({
    kind: 'tool',
    toolCallId: 'c1',
    toolName: 'search_history',
    status: 'done',
    result: { value: { passages }, untrusted: 'page_content' },
  });
  const a = { title: 'A', url: 'https://a.example/', fragmentUrl: 'https://a.example/#:~:text=x', text: 'From A' };
  const b = { title: 'B', url: 'https://b.example/', fragmentUrl: 'https://b.example/#:~:text=y', text: 'From B' };

  it('the passages whose page the answer links to; all it was given when it links to none', () => {
    expect(citedPassages({ text: 'See [A](https://a.example/#:~:text=x).', parts: [found([a, b])] })).toEqual([
      { title: 'A', url: 'https://a.example/', text: 'From A' },
    ]);
    expect(citedPassages({ text: 'No links.', parts: [found([a, b, a])] }).map((p) => p.text)).toEqual([
      'From A',
      'From B',
    ]);
  });

  it("a failed or other tool's output, and malformed passages, are not passages; a sub-agent's are", () => {
    const failed: RunPart = { ...found([a]), status: 'error' } as RunPart;
    const other: RunPart = { ...found([a]), toolName: 'read_page' } as RunPart;
    const nested: RunPart = {
      kind: 'tool',
      toolCallId: 's',
      toolName: 'delegate',
      status: 'done',
      nested: [found([b])],
    };
    expect(citedPassages({ text: '', parts: [failed, other, found([{ title: 1 }]), nested] })).toEqual([
      { title: 'B', url: 'https://b.example/', text: 'From B' },
    ]);
  });
});

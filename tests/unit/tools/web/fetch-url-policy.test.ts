import { describe, expect, it } from 'vitest';
import { parseFetchUrl, placeOf } from '../../../../lib/tools/web/fetch-url-policy';
import { previewFetch } from '../../../../lib/tools/web/preview-fetch';

describe('parseFetchUrl', () => {
  it.each([
    'javascript:alert(1)',
    'file:///etc/passwd',
    'chrome://settings',
    'chrome-extension://abc/options.html',
    'data:text/html,<b>x</b>',
    'ftp://example.com/',
    'about:blank',
  ])('refuses %s', (raw) => expect(() => parseFetchUrl(raw)).toThrow(/only http and https/));

  it('refuses relative addresses and addresses carrying a password', () => {
    expect(() => parseFetchUrl('/docs/page')).toThrow(/not an absolute web address/);
    expect(() => parseFetchUrl('https://user:secret@example.com/')).toThrow(/user name or password/);
  });

  it('upgrades plain http on the internet to https, keeps it on this computer, and drops the fragment', () => {
    expect(parseFetchUrl('http://example.com/a?b=1#frag')).toEqual({
      url: new URL('https://example.com/a?b=1'),
      upgraded: true,
    });
    expect(parseFetchUrl('http://127.0.0.1:8080/x').url.href).toBe('http://127.0.0.1:8080/x');
    expect(parseFetchUrl('http://localhost:3000/').upgraded).toBe(false);
  });
});

describe('placeOf and the approval preview', () => {
  it('tells this computer and the local network apart from the internet', () => {
    expect(['localhost', '127.0.0.1', '[::1]', 'app.localhost'].map(placeOf)).toEqual(Array(4).fill('this-computer'));
    expect(['192.168.1.10', '10.0.0.2', '172.20.1.1', 'nas.local', 'printer'].map(placeOf)).toEqual(
      Array(5).fill('local-network'),
    );
    expect(['example.com', '8.8.8.8', '172.32.0.1'].map(placeOf)).toEqual(Array(3).fill('internet'));
  });

  it("says plainly when the server is on the user's own machine or network", () => {
    expect(previewFetch('http://127.0.0.1:9000/page')).toContain('a server on your own computer (127.0.0.1:9000)');
    expect(previewFetch('https://192.168.0.5/admin')).toContain('your local network');
    expect(previewFetch('https://example.com/a')).toBe(
      'Read https://example.com/a\nSent without your cookies or logins.',
    );
  });
});

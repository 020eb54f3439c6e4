import { describe, expect, it } from 'vitest';
import { describeLink } from '../../../components/ui/describe-link';

describe('describeLink', () => {
  it('names the destination host as the browser resolves it', () => {
    expect(describeLink('https://docs.example.org/a/b?page=2#intro')).toEqual({
      host: 'docs.example.org',
      suspicious: undefined,
    });
    expect(describeLink('http://127.0.0.1:8080/x')?.host).toBe('127.0.0.1:8080');
    expect(describeLink('https://bücher.example/')?.host).toBe('xn--bcher-kva.example');
    expect(describeLink('mailto:me@example.com')?.host).toBe('me@example.com');
  });

  it('does not describe what is not http(s) or mailto', () => {
    for (const href of [
      'javascript:alert(1)',
      'data:text/html,x',
      'relative/path',
      '',
      'blob:https://a.example/1',
      'file:///etc/passwd',
    ]) {
      expect(describeLink(href)).toBeUndefined();
    }
  });

  it('leaves ordinary links alone', () => {
    for (const href of [
      'https://github.com/owner/repo/commit/0123456789abcdef0123456789abcdef01234567',
      'https://www.google.com/search?q=preact+signals&hl=en',
      'https://example.com/?id=5f8d0d55b54764421b7156c3',
    ]) {
      expect(describeLink(href)?.suspicious).toBeUndefined();
    }
  });

  it('marks links that carry data: long queries, many parameters, encoded blobs, credentials', () => {
    expect(describeLink(`https://a.example/?q=${'word '.repeat(25)}`)?.suspicious).toMatch(/characters of query data/);
    expect(describeLink('https://a.example/?a=1&b=2&c=3&d=4&e=5&f=6')?.suspicious).toBe(
      'The link carries 6 parameters.',
    );
    expect(describeLink('https://a.example/?d=c2VjcmV0LWFwaS1rZXktMTIzNDU2Nzg5MA')?.suspicious).toBe(
      'The link carries encoded data.',
    );
    expect(describeLink('https://a.example/#0123456789abcdef0123456789abcdef')?.suspicious).toBe(
      'The link carries encoded data.',
    );
    expect(describeLink('https://user:pass@a.example/')?.suspicious).toMatch(/user name or password/);
    expect(describeLink('mailto:x@evil.example?body=c2VjcmV0LWFwaS1rZXktMTIzNDU2Nzg5MA')?.suspicious).toBe(
      'The link carries encoded data.',
    );
  });
});

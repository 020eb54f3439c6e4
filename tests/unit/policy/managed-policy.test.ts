import { describe, expect, it } from 'vitest';
import { parseManagedPolicy } from '../../../lib/policy/managed-policy';
import { alwaysAllowOffered, policySiteAccess } from '../../../lib/policy/policy-site-access';
import { isModelAllowed, isProviderAllowed } from '../../../lib/policy/policy-models';
import { isMcpServerAllowed } from '../../../lib/policy/policy-mcp';
import { forcedRemembering } from '../../../lib/policy/policy-remembering';
import { teamServerOf } from '../../../lib/policy/team-server';
import managedSchema from '../../../public/managed_schema.json';
import { MANAGED_KEYS } from '../../../lib/policy/managed-policy';

describe('parseManagedPolicy', () => {
  it('keeps every valid key', () => {
    const { policy, rejected } = parseManagedPolicy({
      teamServerUrl: 'https://team.example.com',
      signInRequired: true,
      allowedProviders: ['anthropic', 'https://llm.example.com/v1'],
      allowedModels: ['claude-*'],
      siteAccess: { '*': 'read', 'https://Intranet.Example.com/': 'full' },
      alwaysAllowOffered: false,
      rememberingAllowed: false,
      rememberDeniedDomains: ['*.hr.example.com'],
      allowedMcpServers: ['https://mcp.example.com/mcp'],
      customInstructions: 'Answer in British English.',
    });
    expect(rejected).toEqual([]);
    expect(policy.allowedProviders).toEqual(['anthropic', 'https://llm.example.com']);
    expect(policy.siteAccess).toEqual({ '*': 'read', 'intranet.example.com': 'full' });
    expect(policy.rememberDeniedDomains).toEqual(['hr.example.com']);
  });

  it('drops a value of the wrong type with a notice, and the other keys still apply', () => {
    const { policy, rejected } = parseManagedPolicy({ signInRequired: 'yes', customInstructions: 'Be brief.' });
    expect(policy).toEqual({ customInstructions: 'Be brief.' });
    expect(rejected.map((r) => r.key)).toEqual(['signInRequired']);
  });

  it('drops an unknown key with a notice', () => {
    const { policy, rejected } = parseManagedPolicy({ unlockAllTools: true, alwaysAllowOffered: false });
    expect(policy).toEqual({ alwaysAllowOffered: false });
    expect(rejected).toEqual([{ key: 'unlockAllTools', reason: 'not a Tabwise policy' }]);
  });

  it('refuses patterns that would widen: a bare "*" model, a wildcard or regex site, a plain-http server', () => {
    const { policy, rejected } = parseManagedPolicy({
      allowedModels: ['*'],
      siteAccess: { '*.*': 'full' },
      rememberAllowedDomains: ['/.*/'],
      allowedMcpServers: ['http://mcp.example.com'],
      teamServerUrl: 'javascript:alert(1)',
      allowedProviders: ['anything'],
    });
    expect(policy).toEqual({});
    expect(rejected.map((r) => r.key).sort()).toEqual([
      'allowedMcpServers',
      'allowedModels',
      'allowedProviders',
      'rememberAllowedDomains',
      'siteAccess',
      'teamServerUrl',
    ]);
  });

  it('drops an access level that is not none, read or full', () => {
    const { policy, rejected } = parseManagedPolicy({ siteAccess: { 'a.example': 'admin' } });
    expect(policy).toEqual({});
    expect(rejected[0]!.key).toBe('siteAccess');
  });

  it('never throws, whatever the storage holds', () => {
    for (const raw of [undefined, null, 3, 'x', [], { customInstructions: 'x'.repeat(30_000) }])
      expect(() => parseManagedPolicy(raw)).not.toThrow();
    expect(parseManagedPolicy(undefined)).toEqual({ policy: {}, rejected: [] });
  });

  it('declares the same keys in public/managed_schema.json as the zod mirror', () => {
    expect(Object.keys(managedSchema.properties).sort()).toEqual([...MANAGED_KEYS].sort());
  });
});

describe('narrowing', () => {
  const read = (raw: unknown) => parseManagedPolicy(raw).policy;

  it('site access: the longest matching domain wins, then "*", then full', () => {
    const p = read({ siteAccess: { '*': 'read', 'example.com': 'none', 'docs.example.com': 'full' } });
    expect(policySiteAccess(p, 'https://docs.example.com')).toBe('full');
    expect(policySiteAccess(p, 'https://a.example.com')).toBe('none');
    expect(policySiteAccess(p, 'https://other.org')).toBe('read');
    expect(policySiteAccess(p, undefined)).toBe('read');
    expect(policySiteAccess({}, 'https://other.org')).toBe('full');
    // A look-alike is not a subdomain.
    expect(policySiteAccess(p, 'https://notexample.com')).toBe('read');
  });

  it('always allow is offered unless the policy turns it off', () => {
    expect(alwaysAllowOffered({})).toBe(true);
    expect(alwaysAllowOffered(read({ alwaysAllowOffered: false }))).toBe(false);
  });

  it('providers and models: unlisted ones are not allowed; an empty provider list allows none', () => {
    const p = read({ allowedProviders: ['anthropic', 'https://llm.example.com'], allowedModels: ['claude-*'] });
    expect(isProviderAllowed(p, { kind: 'anthropic', baseUrl: '' })).toBe(true);
    expect(isProviderAllowed(p, { kind: 'openai', baseUrl: '' })).toBe(false);
    expect(isProviderAllowed(p, { kind: 'openai-compatible', baseUrl: 'https://llm.example.com/v1' })).toBe(true);
    expect(isProviderAllowed(p, { kind: 'openai-compatible', baseUrl: 'https://llm.example.com.evil.io/v1' })).toBe(
      false,
    );
    expect(isModelAllowed(p, { kind: 'anthropic', baseUrl: '' }, 'claude-sonnet')).toBe(true);
    expect(isModelAllowed(p, { kind: 'anthropic', baseUrl: '' }, 'xclaude-')).toBe(false);
    expect(isProviderAllowed(read({ allowedProviders: [] }), { kind: 'anthropic', baseUrl: '' })).toBe(false);
    expect(isModelAllowed({}, { kind: 'openai', baseUrl: '' }, 'anything')).toBe(true);
  });

  it('MCP servers: origin and a path prefix at a segment boundary', () => {
    const p = read({ allowedMcpServers: ['https://mcp.example.com/mcp'] });
    expect(isMcpServerAllowed(p, 'https://mcp.example.com/mcp')).toBe(true);
    expect(isMcpServerAllowed(p, 'https://mcp.example.com/mcp/sub')).toBe(true);
    expect(isMcpServerAllowed(p, 'https://mcp.example.com/mcpx')).toBe(false);
    expect(isMcpServerAllowed(p, 'https://mcp.example.com.evil.io/mcp')).toBe(false);
    expect(isMcpServerAllowed(p, 'not a url')).toBe(false);
    expect(isMcpServerAllowed({}, 'https://any.example')).toBe(true);
  });

  it('remembering: forced off and forced lists, or nothing when the policy is silent', () => {
    expect(forcedRemembering({})).toBeUndefined();
    expect(forcedRemembering(read({ rememberingAllowed: false }))).toEqual({ off: true, deniedDomains: [] });
    expect(forcedRemembering(read({ rememberAllowedDomains: ['wiki.example.com'] }))).toEqual({
      off: false,
      deniedDomains: [],
      allowedDomains: ['wiki.example.com'],
    });
  });

  it('team server: address and sign-in', () => {
    expect(teamServerOf({})).toBeUndefined();
    expect(teamServerOf(read({ teamServerUrl: 'https://team.example.com' }))).toEqual({
      url: 'https://team.example.com',
      signInRequired: false,
    });
  });
});

/**
 * lib/policy: what an organisation sets for Tabwise through Chrome policy (device management, or a policy file
 * on Linux), read from `chrome.storage.managed`. This file is the zod mirror of public/managed_schema.json: each
 * key is checked on its own, so a value the schema rejects is dropped with a notice and every other key still
 * applies. Policy only narrows what the user may do; nothing here widens a gate of the extension's own.
 */
import { z } from 'zod';
import { isLoopbackHost, providerKindSchema } from '../core/provider-config';
import { parseSiteEntry } from '../retrieval/site-entry';

/** How much the agent may do on a site: nothing, read (`read_page`, snapshots) or everything (to its cards). */
export const policyAccessSchema = z.enum(['none', 'read', 'full']);
export type PolicyAccess = z.infer<typeof policyAccessSchema>;

/** A domain as the privacy lists match it (subdomains included); a wildcard, pattern or URL path is refused. */
const policyDomain = z
  .string()
  .max(300)
  .transform((raw, ctx) => {
    const entry = parseSiteEntry(raw);
    if ('domain' in entry) return entry.domain;
    ctx.addIssue({ code: 'custom', message: `"${raw}" is not a domain name` });
    return z.NEVER;
  });

/** Whether a URL is https, or plain http on this computer; false for anything that does not parse. */
function isSafeServerUrl(url: string): boolean {
  try {
    const { protocol, hostname } = new URL(url);
    return protocol === 'https:' || (protocol === 'http:' && isLoopbackHost(hostname));
  } catch {
    return false;
  }
}

/** https anywhere, plain http only on this computer (the same rule as a provider's address). */
const serverUrl = z
  .string()
  .max(2000)
  .refine(isSafeServerUrl, { message: 'not an https address (plain http is allowed only for this computer)' });

/** A provider kind ("anthropic"), or the https origin of the endpoint a provider's base URL must be on. */
const providerEntry = z.union([providerKindSchema, serverUrl.transform((u) => new URL(u).origin)]);

/** A model id, `*` matching any run of characters ("claude-*", "gpt-4o"). */
const modelPattern = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .refine((p) => p.replace(/\*/g, '') !== '', { message: 'a pattern of only "*" would allow every model' });

/** Site access: "*" for every site the policy names no better, else a domain (its subdomains too). */
const siteAccessMap = z.record(z.string().max(300), policyAccessSchema).transform((map, ctx) => {
  const out: Record<string, PolicyAccess> = {};
  for (const [site, access] of Object.entries(map)) {
    if (site.trim() === '*') {
      out['*'] = access;
      continue;
    }
    const entry = parseSiteEntry(site);
    if ('domain' in entry) out[entry.domain] = access;
    else ctx.addIssue({ code: 'custom', message: `"${site}" is not a domain name or "*"` });
  }
  return out;
});

/** One zod schema per managed key (public/managed_schema.json declares the same keys and JSON types). */
export const managedPolicyShape = {
  /** The team server's address (the client for it comes later; for now it is stored and shown). */
  teamServerUrl: serverUrl,
  /** Whether members must sign in to the team server. */
  signInRequired: z.boolean(),
  /** Providers the user may use: kinds or endpoint origins. An empty list: none but the team's. */
  allowedProviders: z.array(providerEntry).max(100),
  /** Models the user may use, by id with `*` wildcards. */
  allowedModels: z.array(modelPattern).max(500),
  /** Per-site agent access; the most specific domain wins, "*" for the rest. */
  siteAccess: siteAccessMap,
  /** Whether approval cards offer "Always allow" (false: never, and grants already given are not used). */
  alwaysAllowOffered: z.boolean(),
  /** false: "Remember what I read" is off and cannot be turned on. */
  rememberingAllowed: z.boolean(),
  /** Domains never remembered, beside the user's own denylist. */
  rememberDeniedDomains: z.array(policyDomain).max(1000),
  /** When set, only these domains may be remembered (the user's own rules still apply inside them). */
  rememberAllowedDomains: z.array(policyDomain).max(1000),
  /** MCP servers that may be attached: a URL, matched as that origin and path prefix. */
  allowedMcpServers: z.array(serverUrl).max(200),
  /**
   * "Use the tools sites offer", set for the user: false keeps it off, true keeps it on (a deployment whose own
   * sites register tools). Either way every gate of a page tool still holds: the relay only records and relays.
   */
  useSiteTools: z.boolean(),
  /** The organisation's instructions, added to every run in their own labelled block. */
  customInstructions: z.string().max(20_000),
} as const;

export type ManagedKey = keyof typeof managedPolicyShape;
export const MANAGED_KEYS = Object.keys(managedPolicyShape) as ManagedKey[];

/** The policy as it applies: only the keys that were set and valid. */
export type ManagedPolicy = { [K in ManagedKey]?: z.output<(typeof managedPolicyShape)[K]> };

/** A managed value that was ignored, and why (shown in Settings as a notice). */
export interface RejectedPolicyValue {
  key: string;
  reason: string;
}

/** What was read from `chrome.storage.managed`: the policy that applies, and what was dropped from it. */
export interface PolicyReading {
  policy: ManagedPolicy;
  rejected: RejectedPolicyValue[];
}

export const EMPTY_READING: PolicyReading = { policy: {}, rejected: [] };

const isKey = (key: string): key is ManagedKey => Object.hasOwn(managedPolicyShape, key);

/** Checks each key of the raw managed storage on its own; never throws, whatever `raw` is. */
export function parseManagedPolicy(raw: unknown): PolicyReading {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw))
    return raw == null ? EMPTY_READING : { policy: {}, rejected: [{ key: '(policy)', reason: 'not an object' }] };
  const policy: Record<string, unknown> = {};
  const rejected: RejectedPolicyValue[] = [];
  for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
    if (!isKey(key)) {
      rejected.push({ key, reason: 'not a Tabwise policy' });
      continue;
    }
    const parsed = managedPolicyShape[key].safeParse(value);
    if (parsed.success) policy[key] = parsed.data;
    else rejected.push({ key, reason: parsed.error.issues.map((i) => i.message).join('; ') });
  }
  return { policy: policy as ManagedPolicy, rejected };
}

/** Whether any key is set: Settings then shows what the organisation manages. */
export const isManaged = (reading: PolicyReading): boolean =>
  Object.keys(reading.policy).length > 0 || reading.rejected.length > 0;

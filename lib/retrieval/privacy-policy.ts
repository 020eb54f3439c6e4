/**
 * What may enter the history index. Deliberately conservative: a page is indexed only when nothing
 * suggests it is private, and its text is scrubbed of secrets before chunking.
 */
import { domainMatches, domainOf } from './domain-of';

/** User-controlled capture settings. */
export interface PrivacySettings {
  /** Capture is paused (nothing is indexed). */
  paused: boolean;
  /** 'denylist': index all but denied pages; 'allowlist': index only allowed domains/patterns. */
  mode: 'denylist' | 'allowlist';
  /** Extra domains never indexed (subdomains included). */
  deniedDomains: string[];
  /** Extra URL patterns never indexed: `*` wildcards over the whole URL, or /regex/ with flags. */
  deniedPatterns: string[];
  /** In allowlist mode, the domains that may be indexed (subdomains included). */
  allowedDomains: string[];
  /** In allowlist mode, URL patterns that may be indexed. */
  allowedPatterns: string[];
  /** Whether the built-in denylist applies (on by default; applies in allowlist mode too). */
  useDefaultDenylist: boolean;
  /** What an organisation's policy forces (lib/policy): applied after every rule of the user's own, never instead. */
  forced?: ForcedPrivacy;
}

/**
 * Rules a policy forces on remembering. They only narrow: forced off wins over the user's switch, forced denied
 * domains are refused beside the user's, and forced allowed domains admit a page only if the user's rules do too.
 */
export interface ForcedPrivacy {
  off: boolean;
  deniedDomains: readonly string[];
  /** When set, only pages on these domains (subdomains included) may be remembered. */
  allowedDomains?: readonly string[];
}

/** What the capture knows about a page. */
export interface CaptureCandidate {
  url: string;
  incognito: boolean;
}

/** The verdict, with a reason a settings page can show. */
export type PrivacyDecision =
  | { index: true }
  | {
      index: false;
      reason: 'incognito' | 'paused' | 'not-http' | 'default-denylist' | 'user-denylist' | 'not-allowlisted' | 'policy';
    };

/** Defaults: capture on, built-in denylist on, nothing user-configured. */
export const DEFAULT_PRIVACY_SETTINGS: PrivacySettings = {
  paused: false,
  mode: 'denylist',
  deniedDomains: [],
  deniedPatterns: [],
  allowedDomains: [],
  allowedPatterns: [],
  useDefaultDenylist: true,
};

/** Mail, password managers, health portals and big banks, matched with their subdomains. */
export const DEFAULT_DENIED_DOMAINS: readonly string[] = [
  // mail
  'mail.google.com',
  'outlook.live.com',
  'outlook.office.com',
  'outlook.office365.com',
  'mail.yahoo.com',
  'mail.proton.me',
  'proton.me',
  'protonmail.com',
  'fastmail.com',
  'mail.aol.com',
  'icloud.com',
  'tutanota.com',
  // password managers and identity
  '1password.com',
  'lastpass.com',
  'bitwarden.com',
  'dashlane.com',
  'keepersecurity.com',
  'accounts.google.com',
  'login.microsoftonline.com',
  'login.live.com',
  'appleid.apple.com',
  'okta.com',
  'auth0.com',
  // health
  'mychart.com',
  'patient.info',
  'healthvault.com',
  'zocdoc.com',
  'teladoc.com',
  'onemedical.com',
  'nhs.uk',
  'kaiserpermanente.org',
  'myuhc.com',
  'cvs.com',
  'walgreens.com',
  // banking, payments, brokerage
  'paypal.com',
  'stripe.com',
  'wise.com',
  'revolut.com',
  'chase.com',
  'bankofamerica.com',
  'wellsfargo.com',
  'citi.com',
  'capitalone.com',
  'usbank.com',
  'americanexpress.com',
  'discover.com',
  'hsbc.com',
  'barclays.co.uk',
  'lloydsbank.com',
  'natwest.com',
  'santander.com',
  'ing.com',
  'bnpparibas',
  'deutsche-bank.de',
  'n26.com',
  'monzo.com',
  'schwab.com',
  'fidelity.com',
  'vanguard.com',
  'robinhood.com',
  'coinbase.com',
  'binance.com',
  'venmo.com',
  'cash.app',
  'klarna.com',
  'irs.gov',
];

/** URL shapes of private pages on any site: banking, health, mail, auth, checkout, account settings. */
export const DEFAULT_DENIED_URL_PATTERNS: readonly RegExp[] = [
  /^https?:\/\/(?:[^/]*\.)?(?:online)?bank(?:ing)?[.-]/i,
  /^https?:\/\/(?:[^/]*\.)?(?:webmail|mail|email|patient|portal|myhealth|health)\./i,
  /^https?:\/\/(?:[^/]*\.)?(?:login|signin|auth|sso|accounts?|id|secure|vault)\.[^/]+\.[^/]+/i,
  /\/(?:log-?in|sign-?in|sign-?up|register|auth(?:orize|enticate)?|oauth2?|sso|saml|2fa|mfa|otp|verify|password|reset-password|forgot)(?:[/?#.]|$)/i,
  /\/(?:checkout|cart|basket|payment|payments|billing|pay|wallet|invoice|orders?)(?:[/?#.]|$)/i,
  /\/(?:account|settings|profile|preferences|security)(?:[/?#]|$)/i,
  /\/(?:inbox|mailbox|messages|webmail)(?:[/?#]|$)/i,
  /\/(?:patient|medical-records?|health-records?|lab-results|prescriptions?|mychart)(?:[/?#]|$)/i,
  /[?&](?:token|access_token|id_token|code|session|sid|auth|password|otp)=/i,
];

/** Compiles a user pattern: `/regex/flags` as given, anything else as a whole-URL `*` glob. */
export function compileUrlPattern(pattern: string): RegExp {
  const re = /^\/(.+)\/([a-z]*)$/.exec(pattern);
  if (re) return new RegExp(re[1]!, re[2]);
  const escaped = pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*');
  return new RegExp(`^${escaped}$`, 'i');
}

function matchesAny(
  url: string,
  domain: string,
  domains: readonly string[],
  patterns: readonly (string | RegExp)[],
): boolean {
  if (domains.some((d) => domainMatches(domain, d))) return true;
  return patterns.some((p) => (typeof p === 'string' ? compileUrlPattern(p) : p).test(url));
}

/**
 * Settings as they apply under a policy's forced rules: remembering off when the policy forces it off (so the
 * capture script, the queue and every switch follow), and the rules kept beside them for decideCapture.
 */
export function withForcedPrivacy<S extends PrivacySettings & { enabled: boolean }>(
  settings: S,
  forced: ForcedPrivacy | undefined,
): S {
  if (!forced) return settings;
  return { ...settings, enabled: settings.enabled && !forced.off, forced };
}

/** The forced rules' verdict for a page the user's rules admit: undefined when they admit it too. */
function forcedRefusal(url: string, domain: string, forced: ForcedPrivacy | undefined): PrivacyDecision | undefined {
  if (!forced) return undefined;
  if (forced.off) return { index: false, reason: 'policy' };
  if (matchesAny(url, domain, forced.deniedDomains, [])) return { index: false, reason: 'policy' };
  if (forced.allowedDomains && !matchesAny(url, domain, forced.allowedDomains, []))
    return { index: false, reason: 'policy' };
  return undefined;
}

/** Decides whether a captured page may be indexed. Incognito and pause always win; a policy can only refuse more. */
export function decideCapture(
  page: CaptureCandidate,
  settings: PrivacySettings = DEFAULT_PRIVACY_SETTINGS,
): PrivacyDecision {
  if (page.incognito) return { index: false, reason: 'incognito' };
  if (settings.forced?.off) return { index: false, reason: 'policy' };
  if (settings.paused) return { index: false, reason: 'paused' };
  if (!/^https?:\/\//i.test(page.url)) return { index: false, reason: 'not-http' };
  const domain = domainOf(page.url);
  if (
    settings.useDefaultDenylist &&
    matchesAny(page.url, domain, DEFAULT_DENIED_DOMAINS, DEFAULT_DENIED_URL_PATTERNS)
  ) {
    return { index: false, reason: 'default-denylist' };
  }
  if (matchesAny(page.url, domain, settings.deniedDomains, settings.deniedPatterns))
    return { index: false, reason: 'user-denylist' };
  if (
    settings.mode === 'allowlist' &&
    !matchesAny(page.url, domain, settings.allowedDomains, settings.allowedPatterns)
  ) {
    return { index: false, reason: 'not-allowlisted' };
  }
  return forcedRefusal(page.url, domain, settings.forced) ?? { index: true };
}

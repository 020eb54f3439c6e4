/** The one rule for where tab tools may go: an absolute http(s) address, checked before anything is asked. */
export type UrlCheck = { ok: true; url: string; origin: string } | { ok: false; reason: string };

/**
 * Accepts only absolute http: and https: URLs. javascript:, data:, file:, chrome: and chrome-extension:
 * (and anything else) are refused with a reason the model can read, as are addresses with a user name or
 * password in them (a common way to disguise where a link really goes).
 */
export function checkHttpUrl(raw: string): UrlCheck {
  const text = raw.trim();
  let url: URL;
  try {
    url = new URL(text);
  } catch (error) {
    void error; // the reason below says what is wrong in the model's terms
    return {
      ok: false,
      reason: `Refused: "${text.slice(0, 200)}" is not an absolute address; give a full http:// or https:// URL. Nothing was done.`,
    };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return {
      ok: false,
      reason: `Refused: only http and https addresses can be opened (this one is ${url.protocol}). Nothing was done.`,
    };
  }
  if (url.username || url.password) {
    return {
      ok: false,
      reason: 'Refused: addresses with a user name or password in them are not opened. Nothing was done.',
    };
  }
  return { ok: true, url: url.href, origin: url.origin };
}

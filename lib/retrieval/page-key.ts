/**
 * The identity of a page in the index: its URL without the fragment, except a fragment that is a route
 * (`#/inbox`, `#!/settings`): hash-routed single-page apps show a different page per route, and each route
 * is a page of its own. Plain anchors (`#section-2`) are the same page.
 */
export function pageKeyOf(url: string): string {
  const i = url.indexOf('#');
  if (i < 0) return url;
  const fragment = url.slice(i + 1).split(':~:')[0]!;
  return /^!?\//.test(fragment) ? url.slice(0, i + 1) + fragment : url.slice(0, i);
}

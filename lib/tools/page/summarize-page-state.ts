import type { PageState } from '../../page/page-state';
import type { SnapshotSummary } from './page-target-store';

const MAX_ENTRIES = 500;
const MAX_TEXT = 200;

/**
 * What the background keeps of a get_page_state answer: which refs are fields (fill_form), which can be
 * acted on (all listed elements), the forms (submit_form previews), and each element's role and name for
 * the approval card. Cut to size for storage.session.
 */
export function summarizePageState(s: PageState): SnapshotSummary {
  const cut = (t: string) => t.slice(0, MAX_TEXT);
  const all = s.elements.slice(0, MAX_ENTRIES);
  // Password fields are not clickable or typable by ref: only fill_password reaches them.
  const elements = all.filter((e) => !e.writeOnly);
  const writeOnly = all.filter((e) => e.writeOnly && !e.disabled);
  return {
    ...(writeOnly.length ? { writeOnlyKeys: writeOnly.map((e) => e.ref) } : {}),
    fieldKeys: elements.filter((e) => e.type !== undefined).map((e) => e.ref),
    buttons: elements.map((e) => ({
      key: e.ref,
      text: cut(e.name),
      kind: e.submits ? ('submit' as const) : e.role === 'link' ? ('link' as const) : ('button' as const),
      ...(e.submits ? { form: e.submits } : {}),
      ...(e.href ? { action: e.href.slice(0, 2000) } : {}),
    })),
    forms: s.regions
      .filter((r) => r.kind === 'form')
      .slice(0, MAX_ENTRIES)
      .map((r) => ({
        key: r.ref,
        label: cut(r.name),
        ...(r.action ? { action: r.action.slice(0, 2000) } : {}),
        ...(r.method ? { method: r.method.slice(0, 20) } : {}),
      })),
    elements: all.map((e) => ({ ref: e.ref, role: e.role.slice(0, 40), name: cut(e.name) })),
    ...(s.pageTools?.length ? { pageTools: s.pageTools.map((t) => t.name) } : {}),
  };
}

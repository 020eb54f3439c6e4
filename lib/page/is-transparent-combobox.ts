import { shownChoice } from './shown-choice';

/**
 * A custom select's text input made transparent while its choice shows beside it (react-select hides its
 * input with opacity 0 after a choice, until the person types): a person sees the control and clicks it,
 * so it counts as visible. Only opacity may hide it (not display, visibility or aria-hidden), it must stay
 * in the tab order, and the control must show a choice: a transparent honeypot with nothing beside it
 * still fails.
 */
export function isTransparentCombobox(el: Element): boolean {
  if (el.tagName !== 'INPUT' || el.getAttribute('role') !== 'combobox' || el.getAttribute('tabindex') === '-1')
    return false;
  if (!el.checkVisibility({ visibilityProperty: true }) || el.closest('[aria-hidden="true"], [inert]')) return false;
  const view = el.ownerDocument.defaultView;
  if (!view || Number(view.getComputedStyle(el).opacity) !== 0) return false;
  return shownChoice(el as HTMLElement) !== undefined;
}

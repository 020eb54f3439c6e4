/** Original inline outline of elements currently highlighted, so overlapping highlights restore the page's own. */
const active = new WeakMap<HTMLElement, { outline: string; offset: string; timer: ReturnType<typeof setTimeout> }>();

/** Outlines filled fields for `ms` so the user sees what changed, then puts their own style back. */
export function highlightFields(elements: HTMLElement[], ms = 1_500): void {
  for (const el of elements) {
    const previous = active.get(el);
    if (previous) clearTimeout(previous.timer);
    const original = previous ?? {
      outline: el.style.getPropertyValue('outline'),
      offset: el.style.getPropertyValue('outline-offset'),
    };
    el.style.setProperty('outline', '2px solid #7c3aed', 'important');
    el.style.setProperty('outline-offset', '2px');
    const timer = setTimeout(() => {
      active.delete(el);
      restore(el, 'outline', original.outline);
      restore(el, 'outline-offset', original.offset);
    }, ms);
    active.set(el, { ...original, timer });
  }
}

function restore(el: HTMLElement, property: string, value: string): void {
  if (value) el.style.setProperty(property, value);
  else el.style.removeProperty(property);
  if (el.getAttribute('style') === '') el.removeAttribute('style');
}

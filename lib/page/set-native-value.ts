/**
 * Sets a control's value the way the browser does when a person types, so frameworks notice: through the
 * prototype's own setter (React tracks values with a setter on the instance, which a plain assignment would
 * hit and which would then swallow the change), then a bubbling `input` and `change`. Constructors come
 * from the element's own window, so controls in same-origin iframes behave too.
 */
export function setNativeValue(el: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, value: string): void {
  const view = el.ownerDocument.defaultView ?? window;
  const proto =
    el.tagName === 'TEXTAREA'
      ? view.HTMLTextAreaElement.prototype
      : el.tagName === 'SELECT'
        ? view.HTMLSelectElement.prototype
        : view.HTMLInputElement.prototype;
  const setter = Object.getOwnPropertyDescriptor(proto, 'value')?.set;
  if (!setter) throw new Error(`no native value setter on ${el.tagName}`);
  setter.call(el, value);
  dispatchInputAndChange(el, value);
}

/** Fires `input` then `change`, bubbling and composed (so listeners outside a shadow root hear them). */
export function dispatchInputAndChange(el: HTMLElement, data: string | null): void {
  const view = el.ownerDocument.defaultView ?? window;
  el.dispatchEvent(
    new view.InputEvent('input', { bubbles: true, composed: true, inputType: 'insertReplacementText', data }),
  );
  el.dispatchEvent(new view.Event('change', { bubbles: true }));
}

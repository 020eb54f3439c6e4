/**
 * A part of the panel whose code loads the first time it is drawn, as the Markdown renderer does
 * (load-markdown-engine.ts): the startup JavaScript carries only this stub, which draws nothing until the code
 * has arrived and then draws the part. What the first paint does not show (a dialog, a prompt, a card that
 * appears on an event) costs the panel's start nothing. A failed load is logged and tried again on the next draw.
 */
import { signal } from '@preact/signals';
import type { ComponentType, FunctionComponent } from 'preact';

/** The stub, and `preload` to fetch the code before it is first drawn (after the first paint, say). */
export type LazyView<P> = FunctionComponent<P> & { preload(): Promise<void> };

/** `what`: the module the part comes from, as the console names it when its code fails to load. */
export function lazyView<P extends object>(what: string, load: () => Promise<ComponentType<P>>): LazyView<P> {
  const view = signal<ComponentType<P> | null>(null);
  let loading: Promise<void> | undefined;
  const start = () =>
    (loading ??= load().then(
      (component) => void (view.value = component),
      (e: unknown) => {
        loading = undefined;
        console.error(`Tabwise: ${what} did not load`, e);
      },
    ));
  const LazyView = (props: P) => {
    const View = view.value;
    if (!View) {
      void start();
      return null;
    }
    return <View {...props} />;
  };
  return Object.assign(LazyView, { preload: start });
}

/** The request handlers of one group, every one present (the root merges the groups into `Handlers`). */
import type { BackgroundHandler, RequestName } from '../protocol';

export type HandlerSet<K extends RequestName> = { [P in K]: BackgroundHandler<P> };

/** A collaborator the root may still be opening (IndexedDB opens asynchronously; listeners cannot wait). */
export type Awaitable<T> = T | Promise<T>;

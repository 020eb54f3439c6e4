/**
 * The link prompt's stub (lazy-view.tsx), in a file of its own: the cards that draw it (CitationChip) import it
 * from here, not from lazy-parts.ts, whose stubs load those cards (no import cycle).
 */
import { lazyView } from './lazy-view';

/** Asks before opening a link from an answer or a citation. */
export const LinkConfirm = lazyView('./LinkConfirm', () => import('./LinkConfirm').then((m) => m.LinkConfirm));

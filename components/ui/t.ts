/** The UI's one way to say something (the worker composes its user-facing text with the same function). */
export { t, type MessageKey } from '../../lib/util/t';

/** The rule lives in lib/core so a saved task's start page (lib/core/saved-task.ts) is checked by the very same code. */
export { checkHttpUrl, type UrlCheck } from '../../core/check-http-url';

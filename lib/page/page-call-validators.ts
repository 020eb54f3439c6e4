/**
 * The page agent's validators for the page protocol, hand-written so the page bundle needs no schema
 * library: the call's ids, then the command's arguments with the guards the model's messages come from
 * ("Invalid arguments: keys must be ..."), which the kit answers as 'invalid'.
 */
import type { Validators } from '../messaging/dispatch';
import type { Validator } from '../messaging/validator';
import { commandInputGuards } from './command-input-guards';
import { isPageError } from './page-error';
import type { ShownIdentity } from './shown-identity';
import type { PageCall, PageCommandInput, PageCommandName, PageRoutes } from './page-command';

const MAX_ID = 200;
const isId = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= MAX_ID;

const isText = (v: unknown, max: number) => typeof v === 'string' && v.length <= max;
const isOptionalText = (v: unknown, max: number) => v === undefined || isText(v, max);

/** What an approval card showed (element-identity.ts), as the worker sends it back with the call. */
function isShownList(v: unknown): v is ShownIdentity[] {
  return (
    Array.isArray(v) &&
    v.length <= 1000 &&
    v.every((s: unknown) => {
      if (typeof s !== 'object' || s === null) return false;
      const o = s as Record<string, unknown>;
      return (
        (o.kind === 'element' || o.kind === 'field' || o.kind === 'form' || o.kind === 'focus' || o.kind === 'tool') &&
        isText(o.ref, 500) &&
        isText(o.role, 100) &&
        isText(o.name, 1000) &&
        isOptionalText(o.href, 4000) &&
        isOptionalText(o.action, 4000) &&
        isOptionalText(o.method, 40) &&
        isOptionalText(o.schema, 10_000)
      );
    })
  );
}

const failure = (message: string) => ({ success: false as const, error: { issues: [{ message }] } });

function callValidator<K extends PageCommandName>(command: K): Validator<PageCall<PageCommandInput<K>>> {
  return {
    safeParse(raw) {
      if (typeof raw !== 'object' || raw === null) return failure('Malformed page command.');
      const { runId, toolCallId, expectDocId, shown, siteTools, args }: Record<string, unknown> = { ...raw };
      if (siteTools !== undefined && siteTools !== true) return failure('Malformed page command.');
      if (!isId(runId) || !isId(toolCallId) || (expectDocId !== undefined && !isId(expectDocId)))
        return failure('Malformed page command.');
      if (shown !== undefined && !isShownList(shown)) return failure('Malformed page command.');
      try {
        const checked: PageCommandInput<K> = commandInputGuards[command](args);
        return {
          success: true,
          data: {
            runId,
            toolCallId,
            ...(expectDocId === undefined ? {} : { expectDocId }),
            ...(shown === undefined ? {} : { shown }),
            ...(siteTools ? { siteTools } : {}),
            args: checked,
          },
        };
      } catch (error) {
        if (isPageError(error, 'invalid-input')) return failure(error.message);
        throw error;
      }
    },
  };
}

/** One validator per page command. */
export const pageCallValidators: Validators<PageRoutes> = {
  read_page: callValidator('read_page'),
  get_form_state: callValidator('get_form_state'),
  get_page_state: callValidator('get_page_state'),
  act: callValidator('act'),
  fill_form: callValidator('fill_form'),
  click: callValidator('click'),
  submit_form: callValidator('submit_form'),
  preview: callValidator('preview'),
  identify: callValidator('identify'),
  undo: callValidator('undo'),
  fill_password: callValidator('fill_password'),
  screenshot_prepare: callValidator('screenshot_prepare'),
  screenshot_done: callValidator('screenshot_done'),
  describe_tool: callValidator('describe_tool'),
  call_tool: callValidator('call_tool'),
};

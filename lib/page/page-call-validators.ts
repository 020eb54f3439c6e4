/**
 * The page agent's validators for the page protocol, hand-written so the page bundle needs no schema
 * library: the call's ids, then the command's arguments with the guards the model's messages come from
 * ("Invalid arguments: keys must be ..."), which the kit answers as 'invalid'.
 */
import type { Validators } from '../messaging/dispatch';
import type { Validator } from '../messaging/validator';
import { commandInputGuards, InvalidInputError } from './command-input-guards';
import type { PageCall, PageCommandInput, PageCommandName, PageRoutes } from './page-command';

const MAX_ID = 200;
const isId = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= MAX_ID;

const failure = (message: string) => ({ success: false as const, error: { issues: [{ message }] } });

function callValidator<K extends PageCommandName>(command: K): Validator<PageCall<PageCommandInput<K>>> {
  return {
    safeParse(raw) {
      if (typeof raw !== 'object' || raw === null) return failure('Malformed page command.');
      const { runId, toolCallId, expectDocId, args }: Record<string, unknown> = { ...raw };
      if (!isId(runId) || !isId(toolCallId) || (expectDocId !== undefined && !isId(expectDocId))) return failure('Malformed page command.');
      try {
        const checked: PageCommandInput<K> = commandInputGuards[command](args);
        return { success: true, data: { runId, toolCallId, ...(expectDocId === undefined ? {} : { expectDocId }), args: checked } };
      } catch (error) {
        if (error instanceof InvalidInputError) return failure(error.message);
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
  undo: callValidator('undo'),
  fill_password: callValidator('fill_password'),
  screenshot_prepare: callValidator('screenshot_prepare'),
  screenshot_done: callValidator('screenshot_done'),
};

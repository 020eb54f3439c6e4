import { isPageCommandName, type PageCommandName } from './page-command';

/** A page command as received, before its input is checked against the command's guard. */
export interface CommandEnvelope<K extends PageCommandName = PageCommandName> {
  command: K;
  runId: string;
  toolCallId: string;
  input: unknown;
  expectDocId?: string;
}

const MAX_ID = 200;
const isId = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= MAX_ID;

/**
 * The envelope of a page command, or undefined when `raw` is not one (another part of the extension's
 * message, or a malformed command): the page agent then stays silent, as it does for messages it does not own.
 */
export function readCommandEnvelope(raw: unknown): CommandEnvelope | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const fields: Record<string, unknown> = { ...raw };
  const { tabwise, command, runId, toolCallId, input, expectDocId } = fields;
  if (tabwise !== 'page-command' || !isPageCommandName(command) || !isId(runId) || !isId(toolCallId)) return undefined;
  if (expectDocId !== undefined && !isId(expectDocId)) return undefined;
  return { command, runId, toolCallId, input, ...(expectDocId === undefined ? {} : { expectDocId }) };
}

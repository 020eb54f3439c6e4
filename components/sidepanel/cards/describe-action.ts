import type { ToolPart } from './card-props';
import { isRecord, list, readToolOutput, str } from './read-tool-output';

/** What a click or a submission did, in a line, and the fields the page said were invalid after a submit. */
export function describeAction(part: ToolPart): { line: string; invalid: { key: string; message: string }[] } | undefined {
  const input = isRecord(part.input) ? part.input : {};
  const target = part.toolName === 'click' ? str(input.key) : str(input.form);
  if (part.status !== 'done' || part.output === undefined) {
    return target === undefined ? undefined : { line: `${part.toolName === 'click' ? 'Click' : 'Submit form'} ${target}`, invalid: [] };
  }
  const out = readToolOutput(part.output).json;
  if (!isRecord(out)) return undefined;
  const name = str(out.text) || str(out.key) || target || '';
  const invalid = list(out.invalid).flatMap((i) => (isRecord(i) && str(i.key) !== undefined ? [{ key: str(i.key)!, message: str(i.message) ?? '' }] : []));
  if (out.ok !== true) return { line: `Not ${part.toolName === 'click' ? 'clicked' : 'submitted'}: ${str(out.reason) ?? 'the page refused'}`, invalid };
  return { line: part.toolName === 'click' ? `Clicked “${name}”` : `Submitted the form “${name}”`, invalid };
}

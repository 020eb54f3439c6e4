import type { ToolPart } from './card-props';
import { fieldsOf, isRecord, list, str } from './card-guards';
import type { PageToolOutput } from '../../../lib/tools/page/page-tools';
import { resultOf, outputOf } from './result-of';
import { t } from '../../ui/t';

/** What a click or a submission did, in a line, and the fields the page said were invalid after a submit. */
export function describeAction(
  part: ToolPart,
): { line: string; invalid: { key: string; message: string }[] } | undefined {
  const input = isRecord(part.input) ? part.input : {};
  const target = part.toolName === 'click' ? str(input.key) : str(input.form);
  if (part.status !== 'done' || resultOf(part) === undefined) {
    return target === undefined
      ? undefined
      : { line: t(part.toolName === 'click' ? 'action_click_target' : 'action_submit_target', target), invalid: [] };
  }
  const out = fieldsOf<PageToolOutput<'click'> | PageToolOutput<'submit_form'>>(outputOf(part));
  if (!out) return undefined;
  const name = str(out.text) || str(out.key) || target || '';
  const invalid = list(out.invalid).flatMap((i) =>
    isRecord(i) && str(i.key) !== undefined ? [{ key: str(i.key)!, message: str(i.message) ?? '' }] : [],
  );
  if (out.ok !== true)
    return {
      line: t(
        part.toolName === 'click' ? 'action_not_clicked' : 'action_not_submitted',
        str(out.reason) ?? t('action_page_refused'),
      ),
      invalid,
    };
  return { line: t(part.toolName === 'click' ? 'action_clicked' : 'action_submitted', name), invalid };
}

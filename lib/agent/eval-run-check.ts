/**
 * Runs a task's success check at the end of one run (issue 28): the extension reads what the check needs (the
 * final answer, the page's text, its fields as the page tools list them, the tab's address) and decides with the
 * matchers of eval-match.ts. Nothing here asks the model; what the page or the answer say about the check (a
 * "CHECK PASSED" anywhere) is only more text for the matcher.
 */
import type { CheckOutcome, EvalCheck } from '../core/eval-check';
import { t } from '../util/t';
import { fieldMatches, fieldValueText, findField, textAppears, urlMatches, type ListedField } from './eval-match';

/** What the check may read at the end of the run; a reader that cannot read answers `{ error }`. */
export interface CheckReaders {
  /** The run's final answer as the user sees it. */
  answerText: string;
  pageText(): Promise<string | { error: string }>;
  fields(): Promise<ListedField[] | { error: string }>;
  finalUrl(): Promise<string | { error: string }>;
}

const failed = (detail: string): CheckOutcome => ({ passed: false, detail });
const isError = (v: unknown): v is { error: string } => typeof v === 'object' && v !== null && 'error' in v;

export async function runCheck(check: EvalCheck, read: CheckReaders): Promise<CheckOutcome> {
  switch (check.kind) {
    case 'text': {
      if (check.where === 'answer') {
        const passed = textAppears(read.answerText, check.text);
        return { passed, detail: t(passed ? 'eval_detail_answer_has' : 'eval_detail_answer_lacks', check.text) };
      }
      const page = await read.pageText();
      if (isError(page)) return failed(t('eval_detail_page_unreadable', page.error));
      const passed = textAppears(page, check.text);
      return { passed, detail: t(passed ? 'eval_detail_page_has' : 'eval_detail_page_lacks', check.text) };
    }
    case 'field': {
      const fields = await read.fields();
      if (isError(fields)) return failed(t('eval_detail_page_unreadable', fields.error));
      const field = findField(fields, check.field);
      if (!field) return failed(t('eval_detail_no_field', check.field));
      return {
        passed: fieldMatches(fields, check.field, check.value),
        detail: t('eval_detail_field_value', field.label, fieldValueText(field.value)),
      };
    }
    case 'url': {
      const url = await read.finalUrl();
      if (isError(url)) return failed(t('eval_detail_page_unreadable', url.error));
      return { passed: urlMatches(check, url), detail: t('eval_detail_ended_on', url) };
    }
  }
}

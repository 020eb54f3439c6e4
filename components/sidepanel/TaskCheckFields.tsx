/**
 * The task form's success check (issue 28): none, text in the final answer or on the page at the end, a field's
 * value (named by its label, as the page tools list fields), or the tab's final address. The worker checks what
 * is written here when the task is saved (eval-check.ts) and runs the check itself at the end of a compared run.
 */
import type { EvalCheck } from '../../lib/core/eval-check';
import { t } from '../ui/t';

/** The form's state: every field kept while the kind changes, so switching back loses nothing typed. */
export interface CheckDraft {
  kind: 'none' | 'answer' | 'page' | 'field' | 'url';
  text: string;
  field: string;
  value: string;
  match: 'exact' | 'prefix' | 'pattern';
  url: string;
}

export function checkDraftOf(check: EvalCheck | undefined): CheckDraft {
  const empty: CheckDraft = { kind: 'none', text: '', field: '', value: '', match: 'exact', url: '' };
  if (!check) return empty;
  if (check.kind === 'text') return { ...empty, kind: check.where, text: check.text };
  if (check.kind === 'field') return { ...empty, kind: 'field', field: check.field, value: check.value };
  return { ...empty, kind: 'url', match: check.match, url: check.url };
}

/** The check the draft describes (the worker validates it). */
export function checkOf(d: CheckDraft): EvalCheck | undefined {
  switch (d.kind) {
    case 'none':
      return undefined;
    case 'answer':
    case 'page':
      return { kind: 'text', where: d.kind, text: d.text };
    case 'field':
      return { kind: 'field', field: d.field, value: d.value };
    case 'url':
      return { kind: 'url', match: d.match, url: d.url.trim() };
  }
}

export function TaskCheckFields({ draft, onChange }: { draft: CheckDraft; onChange(d: CheckDraft): void }) {
  const set = (patch: Partial<CheckDraft>) => onChange({ ...draft, ...patch });
  return (
    <fieldset class="task-check">
      <legend>{t('eval_check_legend')}</legend>
      <label>
        <span>{t('eval_check_kind')}</span>
        <select
          name="task-check-kind"
          value={draft.kind}
          onChange={(e) => set({ kind: e.currentTarget.value as CheckDraft['kind'] })}
        >
          <option value="none">{t('eval_check_none')}</option>
          <option value="answer">{t('eval_check_answer')}</option>
          <option value="page">{t('eval_check_page')}</option>
          <option value="field">{t('eval_check_field')}</option>
          <option value="url">{t('eval_check_url')}</option>
        </select>
      </label>
      {(draft.kind === 'answer' || draft.kind === 'page') && (
        <label>
          <span>{t('eval_check_text')}</span>
          <input name="task-check-text" value={draft.text} onInput={(e) => set({ text: e.currentTarget.value })} />
          <small>{t('eval_check_text_hint')}</small>
        </label>
      )}
      {draft.kind === 'field' && (
        <>
          <label>
            <span>{t('eval_check_field_name')}</span>
            <input name="task-check-field" value={draft.field} onInput={(e) => set({ field: e.currentTarget.value })} />
            <small>{t('eval_check_field_hint')}</small>
          </label>
          <label>
            <span>{t('eval_check_value')}</span>
            <input name="task-check-value" value={draft.value} onInput={(e) => set({ value: e.currentTarget.value })} />
          </label>
        </>
      )}
      {draft.kind === 'url' && (
        <>
          <label>
            <span>{t('eval_check_match')}</span>
            <select
              name="task-check-match"
              value={draft.match}
              onChange={(e) => set({ match: e.currentTarget.value as CheckDraft['match'] })}
            >
              <option value="exact">{t('eval_match_exact')}</option>
              <option value="prefix">{t('eval_match_prefix')}</option>
              <option value="pattern">{t('eval_match_pattern')}</option>
            </select>
          </label>
          <label>
            <span>{t('eval_check_address')}</span>
            <input name="task-check-url" value={draft.url} onInput={(e) => set({ url: e.currentTarget.value })} />
            <small>{t('eval_check_address_hint')}</small>
          </label>
        </>
      )}
    </fieldset>
  );
}

import type { RunPart } from '../../../lib/core/run-part';
import { describeFormState, isSensitiveLabel, MASK } from './describe-form-state';
import { fieldsOf, isRecord, list, showValue, str } from './card-guards';
import type { PageToolOutput } from '../../../lib/tools/page/page-tools';
import { outputOf, resultOf } from './result-of';
import { t } from '../../ui/t';

type ToolPart = Extract<RunPart, { kind: 'tool' }>;

/** One field of a fill: what it held, what the model asked for, and what the page reads back now. */
export interface FillRow {
  key: string;
  label: string;
  before?: string;
  after: string;
  /** 'written' (read back as asked), 'ignored' (not a field the run may write), 'failed', or undefined before it ran. */
  result?: 'written' | 'ignored' | 'failed';
  /** Why it was ignored or failed, or the value read back when it differs from what was asked. */
  note?: string;
}

/** The form state the model read last before `part` (where old values and labels come from). */
export function formStateBefore(part: ToolPart, siblings: RunPart[]): ToolPart | undefined {
  const tools = siblings.filter((p): p is ToolPart => p.kind === 'tool');
  const at = tools.findIndex((p) => p.toolCallId === part.toolCallId);
  return tools
    .slice(0, at === -1 ? tools.length : at)
    .reverse()
    .find((p) => p.toolName === 'get_form_state' && p.status === 'done' && resultOf(p) !== undefined);
}

/** The rows of a fill card: every key the model sent, with the old value from the last form state. */
export function describeFill(part: ToolPart, siblings: RunPart[]): FillRow[] {
  const updates = isRecord(part.input) && isRecord(part.input.updates) ? part.input.updates : {};
  const state = formStateBefore(part, siblings);
  const fields = new Map((state ? (describeFormState(outputOf(state))?.fields ?? []) : []).map((f) => [f.key, f]));
  const result = part.status === 'done' ? fieldsOf<PageToolOutput<'fill_form'>>(outputOf(part)) : undefined;
  const reasons = (name: 'ignored' | 'failed') =>
    new Map(
      list(result?.[name]).flatMap((r) =>
        isRecord(r) && str(r.key) !== undefined ? [[str(r.key)!, str(r.reason) ?? ''] as const] : [],
      ),
    );
  const written = new Map(
    list(result?.written).flatMap((w) =>
      isRecord(w) && str(w.key) !== undefined ? [[str(w.key)!, w.value] as const] : [],
    ),
  );
  const ignored = reasons('ignored');
  const failed = reasons('failed');
  return Object.entries(updates).map(([key, next]) => {
    const field = fields.get(key);
    const label = field?.label ?? key;
    const masked = field?.masked ?? isSensitiveLabel(label, key, '');
    const row: FillRow = {
      key,
      label,
      after: masked ? MASK : showValue(next),
      ...(field ? { before: field.value } : {}),
    };
    if (written.has(key)) {
      row.result = 'written';
      const back = showValue(written.get(key));
      if (!masked && back !== row.after) row.note = t('fill_page_shows', back);
    } else if (ignored.has(key)) Object.assign(row, { result: 'ignored', note: ignored.get(key) });
    else if (failed.has(key)) Object.assign(row, { result: 'failed', note: failed.get(key) });
    return row;
  });
}

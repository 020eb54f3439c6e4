import { sameValue, type UndoRecord } from './fill-form';
import { readFieldValue } from './read-field-value';
import { writeField } from './write-field';

/** What undo managed to put back. */
export interface UndoResult {
  restored: { key: string; value: string | boolean | string[] }[];
  failed: { key: string; reason: string }[];
}

/** Puts back the values a fill replaced, newest first, through the same framework-safe writers. */
export function undoFill(record: UndoRecord): UndoResult {
  const result: UndoResult = { restored: [], failed: [] };
  for (const entry of [...record.entries].reverse()) {
    const elements = entry.elements.map((ref) => ref.deref());
    if (!elements.every((el): el is HTMLElement => !!el?.isConnected)) {
      result.failed.push({ key: entry.key, reason: 'the field is gone' });
      continue;
    }
    // What the page had chosen before, hidden placeholder or not, is what goes back.
    const outcome = writeField(entry.type, elements, entry.previous, { restoring: true });
    const actual = readFieldValue(entry.type, elements);
    if (outcome.ok && sameValue(entry.previous, actual)) result.restored.push({ key: entry.key, value: actual });
    else
      result.failed.push({
        key: entry.key,
        reason: outcome.ok ? `the page shows ${JSON.stringify(actual)}` : outcome.reason,
      });
  }
  return result;
}

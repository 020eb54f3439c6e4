/**
 * Attached files' text cut to a share of the model's window: the files of the message the run answers first,
 * then earlier ones, each cut where the budget ends with a note saying so (a 400,000-character file sent to a
 * 32k-token model would otherwise fail the whole request). Deterministic for a model, so a resumed run sends
 * the same blocks.
 */
import type { EstimateTokens } from './run-context';
import type { AttachedFile } from './run-settings';

/** The share of the window (after the system prompt, tools and output) attached files may take. */
export const ATTACHMENT_WINDOW_SHARE = 0.6;

export function fitAttachments(files: AttachedFile[], tokens: number, estimate: EstimateTokens): AttachedFile[] {
  let left = Math.max(0, Math.floor(tokens));
  const order = [...files.filter((f) => f.current), ...files.filter((f) => !f.current)];
  const fitted = new Map<AttachedFile, AttachedFile>();
  for (const f of order) {
    if (!f.text) {
      fitted.set(f, f);
      continue;
    }
    const need = estimate(f.text);
    if (need <= left) {
      left -= need;
      fitted.set(f, f);
      continue;
    }
    const keep = Math.floor((f.text.length * left) / need);
    left = 0;
    const note = `Only the first ${keep} of ${f.text.length} characters are here: the rest does not fit the model's context window.`;
    fitted.set(f, { ...f, text: f.text.slice(0, keep), notes: [...(f.notes ?? []), note] });
  }
  return files.map((f) => fitted.get(f)!);
}

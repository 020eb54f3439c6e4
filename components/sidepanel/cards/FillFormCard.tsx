import type { CardProps } from './card-props';
import { describeFill } from './describe-fill';
import { FillTable } from './FillTable';

/** fill_form: each field as old → new, with what the page read back (before it runs, the approval shows the same table). */
export function FillFormCard({ part, siblings }: CardProps) {
  if (part.status !== 'done') return null;
  const rows = describeFill(part, siblings);
  if (rows.length === 0) return null;
  return <FillTable rows={rows} />;
}

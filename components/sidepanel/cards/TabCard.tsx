import type { CardProps } from './card-props';
import { describeTabCall } from './describe-tab-call';

/** navigate, go_back, open_tab, switch_tab, close_tab and wait_for: where or what, and how it ended. */
export function TabCard({ part }: CardProps) {
  const view = describeTabCall(part);
  return (
    <div class="card-tab">
      <p class="card-line">
        {view.what}
        {view.host && <span class="card-host"> ({view.host})</span>}
      </p>
      {view.outcome && <p class="card-text">{view.outcome}</p>}
    </div>
  );
}

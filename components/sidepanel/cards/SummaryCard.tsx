import type { CardProps } from './card-props';
import { describeMemories, summariseTool } from './describe-tool-summary';
import { outputOf } from './result-of';

/** Memory tools, load_skill and delegate: one line saying what happened; memory_search lists what it found. */
export function SummaryCard({ part }: CardProps) {
  const line = summariseTool(part);
  const memories =
    part.toolName === 'memory_search' && part.status === 'done' ? describeMemories(outputOf(part)) : undefined;
  return (
    <div class="card-summary">
      {line && <p class="card-line">{line}</p>}
      {memories && (
        <ul class="card-memories">
          {memories.map((m, i) => (
            <li key={i}>
              {m.text}
              {m.tags.length > 0 && <span class="card-meta"> ({m.tags.join(', ')})</span>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

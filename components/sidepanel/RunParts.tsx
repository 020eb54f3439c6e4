import type { RunPart } from '../../lib/core/run-part';
import { Markdown } from './Markdown';
import type { ToolCardActions } from './cards/card-props';
import { StepLimitPause } from './lazy-parts';
import { ToolCard } from './ToolCard';
import { t } from '../ui/t';

/** An answer as the user saw it happen: text, reasoning, tool cards, interjections and notices. */
export function RunParts({
  parts,
  actions,
  streaming = false,
}: {
  parts: RunPart[];
  actions?: ToolCardActions;
  streaming?: boolean;
}) {
  return (
    <>
      {parts.map((p, i) => {
        switch (p.kind) {
          case 'text':
            return <Markdown key={i} text={p.text} streaming={streaming && i === parts.length - 1} />;
          case 'reasoning':
            return (
              <details key={i} class="reasoning">
                <summary>{t('runparts_reasoning')}</summary>
                <p>{p.text}</p>
              </details>
            );
          case 'tool':
            return (
              <ToolCard
                key={p.toolCallId}
                part={p}
                actions={actions}
                siblings={parts}
                renderNested={(nested) => <RunParts parts={nested} />}
              />
            );
          case 'interjection':
            return (
              <div key={i} class="message user interjection" data-role="user">
                <div class="bubble">{p.text}</div>
              </div>
            );
          case 'pause':
            return <StepLimitPause key={p.pauseId} part={p} actions={actions} />;
          case 'notice':
            return (
              <div key={i} class="notice-line">
                {p.text}
              </div>
            );
        }
      })}
    </>
  );
}

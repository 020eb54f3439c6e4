/**
 * The card tells the truth about a decision on its way: after a click it says the decision is being sent (no
 * buttons, nothing claimed yet) until the worker acknowledges it, then shows the decision the run goes by, or
 * that the answer ended before it arrived; an error gives the buttons back.
 */
import { render } from 'preact';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApprovalCard } from '../../../components/sidepanel/ApprovalCard';
import type { ToolCardActions, ToolPart } from '../../../components/sidepanel/cards/card-props';
import { loadLazyParts } from '../../../components/sidepanel/lazy-parts';
import { createSentDecisions } from '../../../components/sidepanel/sent-decisions';
import { StepLimitPause } from '../../../components/sidepanel/StepLimitPause';

const root = document.body.appendChild(document.createElement('div'));
beforeAll(loadLazyParts);
afterEach(() => render(null, root));
const flush = () => new Promise((r) => setTimeout(r, 10));
const buttons = () => [...root.querySelectorAll<HTMLButtonElement>('button')].map((b) => b.textContent);
const button = (name: string) =>
  [...root.querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent === name)!;

const waiting: ToolPart = {
  kind: 'tool',
  toolCallId: 't1',
  toolName: 'memory_save',
  status: 'awaiting-approval',
  input: { text: 'Bike lock 3141' },
  approval: { preview: 'memory_save\n  text: Bike lock 3141', canAlwaysAllow: true },
};

/** The card's actions as the panel wires them: a click is recorded as sending, and the card reads it back. */
function wired() {
  const sent = createSentDecisions();
  const actions: ToolCardActions = {
    decide: (id, decision) => sent.sending('r1', id, decision),
    sent: (id) => sent.of('r1', id),
  };
  return { sent, actions };
}

describe('a card whose decision is on its way', () => {
  it('says it is sending until acknowledged, then shows the decision taken', async () => {
    const { sent, actions } = wired();
    render(<ApprovalCard part={waiting} actions={actions} />, root);
    button('Approve').click();
    await flush();
    expect(buttons()).toEqual([]);
    expect(root.querySelector('.decision.sending')?.textContent).toBe('Sending your decision…');
    expect(root.querySelector('.decision.approved')).toBeNull();
    sent.settled('r1', 't1', { outcome: 'decided', decision: 'approved', repeated: true });
    await flush();
    expect(root.querySelector('.decision.sending')).toBeNull();
    expect(root.querySelector('.decision.approved')?.textContent).toBe('Approved');
  });

  it('a decision that came after the answer ended says so, and claims nothing', async () => {
    const { sent, actions } = wired();
    render(<ApprovalCard part={waiting} actions={actions} />, root);
    button('Deny').click();
    sent.settled('r1', 't1', { outcome: 'closed' });
    await flush();
    expect(buttons()).toEqual([]);
    expect(root.querySelector('.decision.closed')?.textContent).toBe(
      'The answer ended before your decision arrived; nothing was done.',
    );
    expect(root.querySelector('.decision.denied, .decision.approved')).toBeNull();
  });

  it('another decision taken first is the one shown, with why', async () => {
    const { sent, actions } = wired();
    render(<ApprovalCard part={waiting} actions={actions} />, root);
    button('Approve').click();
    sent.settled('r1', 't1', { outcome: 'decided-otherwise', decision: 'denied' });
    await flush();
    expect(root.querySelector('.decision.denied')?.textContent).toBe('Denied');
    expect(root.querySelector('.decision-note')?.textContent).toBe(
      'Another decision on this card arrived first; the run follows that one.',
    );
  });

  it('an error gives the buttons back', async () => {
    const { sent, actions } = wired();
    render(<ApprovalCard part={waiting} actions={actions} />, root);
    button('Approve').click();
    await flush();
    expect(buttons()).toEqual([]);
    sent.failed('r1', 't1');
    await flush();
    expect(buttons()).toEqual(['Approve', 'Deny', 'Always allow on this site']);
  });

  it('the step-limit pause says it is sending too, then what was chosen', async () => {
    const { sent, actions } = wired();
    render(
      <StepLimitPause part={{ kind: 'pause', pauseId: 'continue-10', steps: 10, more: 10 }} actions={actions} />,
      root,
    );
    button('Continue').click();
    await flush();
    expect(root.querySelector('.decision.sending')).not.toBeNull();
    sent.settled('r1', 'continue-10', { outcome: 'decided', decision: 'approved' });
    await flush();
    expect(root.querySelector('.step-pause')?.getAttribute('data-decision')).toBe('continue');
  });
});

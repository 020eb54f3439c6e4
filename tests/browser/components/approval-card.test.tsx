/** The approval card: origin, warnings and readable preview first; the choice; raw JSON only on demand. */
import { render } from 'preact';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadLazyParts } from '../../../components/sidepanel/lazy-parts';
import type { RunPart } from '../../../lib/core/run-part';
import { ToolCard } from '../../../components/sidepanel/ToolCard';

type ToolPart = Extract<RunPart, { kind: 'tool' }>;
const root = document.body.appendChild(document.createElement('div'));
// The prompts and cards load when first drawn in the panel (lazy-parts.ts); here they are loaded first.
beforeAll(loadLazyParts);
afterEach(() => render(null, root));

const pending: ToolPart = {
  kind: 'tool',
  toolCallId: 'f1',
  toolName: 'fill_form',
  status: 'awaiting-approval',
  input: { updates: { email: 'ada@bank.example' } },
  approval: {
    preview: 'fill_form\n  Email (email): (empty) → "ada@bank.example"\n  on https://shop.example',
    origin: 'https://shop.example',
    canAlwaysAllow: true,
    dataFlows: [{ field: 'Email', from: 'https://bank.example' }],
  },
};

describe('approval card', () => {
  it('leads with the origin, then the flags as warnings, then the preview lines; raw JSON is collapsed', () => {
    render(<ToolCard part={pending} actions={{ decide: () => undefined }} />, root);
    const approval = root.querySelector('.approval')!;
    expect([...approval.children].map((c) => c.className)).toEqual([
      'approval-origin',
      'approval-flags',
      'preview',
      'actions',
    ]);
    expect(approval.querySelector('.approval-origin')!.textContent).toBe('on https://shop.example');
    expect([...approval.querySelectorAll('.approval-flag[role="note"]')].map((f) => f.textContent)).toEqual([
      'Email: This text came from bank.example',
    ]);
    expect([...approval.querySelectorAll('.preview-line')].map((l) => l.textContent?.trim())).toEqual([
      'Email (email): (empty) → "ada@bank.example"',
    ]);
    // The tool's bare name and the "on <origin>" line are what the card's heading and origin line already say.
    expect(approval.textContent!.split('on https://shop.example')).toHaveLength(2);
    const raw = root.querySelector<HTMLDetailsElement>('details.tool-raw')!;
    expect(raw.open).toBe(false);
    expect(root.querySelector('.tool-input')!.checkVisibility()).toBe(false);
    expect(raw.querySelector('.tool-input')!.textContent).toContain('"email": "ada@bank.example"');
  });

  it('the buttons send the decision; once decided, the preview folds away under "What you were asked"', () => {
    const decide = vi.fn();
    render(<ToolCard part={pending} actions={{ decide }} />, root);
    [...root.querySelectorAll('button')].find((b) => b.textContent === 'Deny')!.click();
    expect(decide).toHaveBeenCalledWith('f1', 'denied');
    const denied: ToolPart = {
      ...pending,
      status: 'denied',
      result: { error: 'Error: denied by the user.' },
      approval: { ...pending.approval!, decision: 'denied' },
    };
    render(<ToolCard part={denied} actions={{ decide }} />, root);
    expect(root.querySelector('.tool-card')!.getAttribute('data-status')).toBe('denied');
    expect(root.querySelector('.tool-status')!.textContent).toBe('denied');
    expect(root.querySelector('.decision')!.textContent).toBe('Denied');
    expect(root.querySelector('.tool-denied')!.textContent).toBe('You denied this, so it did not run.');
    expect(root.querySelector('.tool-error')).toBeNull();
    expect(root.querySelector<HTMLDetailsElement>('details.approval-asked')!.open).toBe(false);
    expect(root.querySelectorAll('.approval button')).toHaveLength(0);
  });

  it('without flags there is no warning list', () => {
    render(
      <ToolCard
        part={{ ...pending, approval: { ...pending.approval!, dataFlows: undefined } }}
        actions={{ decide: () => undefined }}
      />,
      root,
    );
    expect(root.querySelector('.approval-flags')).toBeNull();
  });
});

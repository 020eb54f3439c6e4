import { describe, expect, it } from 'vitest';
import { panelCommandSchema } from '../../../lib/background/panel-command-schema';

const approval = { type: 'approval', runId: 'r1', toolCallId: 't1', decision: 'approved' };

describe('the approval command with what the user typed', () => {
  it('carries a password or a note, bounded, and nothing else', () => {
    expect(panelCommandSchema.safeParse({ ...approval, secret: 'hunter2' }).success).toBe(true);
    expect(panelCommandSchema.safeParse({ ...approval, note: 'done' }).success).toBe(true);
    expect(panelCommandSchema.safeParse({ ...approval, secret: '' }).success).toBe(false);
    expect(panelCommandSchema.safeParse({ ...approval, secret: 'x'.repeat(1001) }).success).toBe(false);
    expect(panelCommandSchema.safeParse({ ...approval, secret: 42 }).success).toBe(false);
    expect(panelCommandSchema.safeParse({ ...approval, note: 'x'.repeat(1001) }).success).toBe(false);
  });

  it('never echoes the password in its refusal', () => {
    const parsed = panelCommandSchema.safeParse({ ...approval, secret: `hunter2${'x'.repeat(1000)}` });
    expect(parsed.success).toBe(false);
    expect(JSON.stringify(parsed.error?.issues)).not.toContain('hunter2');
  });
});

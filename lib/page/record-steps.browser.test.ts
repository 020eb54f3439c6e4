/**
 * The recorder with trusted input (vitest's userEvent drives Chromium over CDP, as a person's keys): what a
 * password field, a field the page names a password and one the page turns into text while typed in give.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import type { RecorderInput } from './record-message';
import { startRecorder } from './record-steps';

let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  stop = undefined;
  document.body.innerHTML = '';
});

/** Renders `html`, records while `act` runs, and answers what the recorder sent. */
async function record(html: string, act: () => Promise<void>): Promise<RecorderInput[]> {
  document.body.innerHTML = html;
  const sent: RecorderInput[] = [];
  stop = startRecorder(document, (input) => sent.push(input));
  await act();
  stop();
  stop = undefined;
  return sent;
}

const field = (id: string) => document.getElementById(id) as HTMLInputElement;

describe('startRecorder and password fields', () => {
  it('gives a password step with no value for a text field the page names or labels as a password', async () => {
    const sent = await record(
      '<label for="p">Password</label><input id="p" type="text" name="password"><label for="n">Note</label><input id="n">',
      async () => {
        await userEvent.type(field('p'), 'hunter2-bylabel');
        await userEvent.type(field('n'), 'Milk');
      },
    );
    expect(JSON.stringify(sent)).not.toContain('hunter2');
    expect(sent).toEqual([
      { step: { action: 'password', target: { role: 'textbox', name: 'Password' } } },
      { step: { action: 'type', target: { role: 'textbox', name: 'Note' }, value: 'Milk' } },
    ]);
  });

  it('keeps a password field a password when the page turns it into a text field while it is typed in', async () => {
    const sent = await record(
      '<label for="p">Account</label><input id="p" type="password"><label for="n">Note</label><input id="n">',
      async () => {
        field('p').addEventListener('input', () => (field('p').type = 'text'));
        await userEvent.type(field('p'), 'hunter2-revealed');
        expect(field('p').type).toBe('text');
        await userEvent.type(field('n'), 'Milk');
      },
    );
    expect(JSON.stringify(sent)).not.toContain('hunter2');
    expect(sent[0]).toEqual({ step: { action: 'password', target: { role: 'textbox', name: 'Account' } } });
  });

  it('still records what is typed into an ordinary text field', async () => {
    const sent = await record('<label for="n">City</label><input id="n">', async () => {
      await userEvent.type(field('n'), 'Lyon');
      await userEvent.tab();
    });
    expect(sent[0]).toEqual({ step: { action: 'type', target: { role: 'textbox', name: 'City' }, value: 'Lyon' } });
  });
});

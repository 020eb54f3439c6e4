/**
 * The recorder script's wiring: one recorder per document (a second injection after a navigation or a restart
 * does not record twice), each step sent to the worker, and listening stops once the worker says the recording
 * is over or this tab is not the one recorded.
 */
import { createSender } from '../messaging/create-sender';
import { recorderProtocol } from './record-message';
import { startRecorder } from './record-steps';

const RUNNING = Symbol.for('tabwise.recorder');

export function startRecorderClient(doc: Document = document): void {
  const host = doc.defaultView as (Window & { [RUNNING]?: true }) | null;
  if (!host || host[RUNNING]) return;
  host[RUNNING] = true;
  // Retried only when no worker heard it (it is starting): a step that did arrive is never sent twice.
  const send = createSender(recorderProtocol, { retry: { delaysMs: [300, 1000, 3000] } });
  const stop = startRecorder(doc, (input) => {
    send('step', input).then(
      (reply) => {
        if (!reply.recording) end();
      },
      (e: unknown) => console.warn('[Tabwise recorder]', e),
    );
  });
  function end() {
    stop();
    delete host![RUNNING];
  }
}

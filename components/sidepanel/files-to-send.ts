/**
 * The attachment ids a message goes with, or undefined while it must wait: the attachments' code is still loading,
 * or a chip is still being read or waits for its password (its state says so on the chip). During a run the
 * message joins it as an interjection, and the files wait for the next message.
 */
export function filesToSend(
  running: boolean,
  files: { loading: boolean; state?: { forSend(): string[] | undefined } },
): string[] | undefined {
  if (files.loading && !files.state) return undefined;
  if (running || !files.state) return [];
  return files.state.forSend();
}

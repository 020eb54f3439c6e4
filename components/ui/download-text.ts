/** Saves text as a file through the browser's download (a blob: URL the extension page made itself). */
export function downloadText(text: string, fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.click();
  // The download has its own copy once started; the URL is not needed after this turn.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

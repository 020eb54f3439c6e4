/**
 * "Remember what I read" for a tab that shows a PDF: the file is fetched again the way read_page on a PDF tab
 * fetches it (the user's cookies for that site, as the tab had them; a redirect to another origin, perhaps a
 * sign-in page, is not the file) and read by the document reader, within its byte and time limits.
 */
import { originOf } from '../tools/origin-of';
import { fileNameOf } from '../tools/web/fetch-url-tool';
import { readDocumentResponse, type ReadDocumentFile } from '../tools/web/read-document-response';

/** Reading a PDF for the index gives up after this long (the document reader bounds its own work too). */
const READ_TIMEOUT_MS = 90_000;

export function createPdfTabReader(
  fetchFn: typeof fetch,
  readDocument: ReadDocumentFile,
): (url: string) => Promise<{ title: string; text: string }> {
  return async (url) => {
    const name = fileNameOf(url);
    const signal = AbortSignal.timeout(READ_TIMEOUT_MS);
    const response = await fetchFn(url, {
      credentials: 'include',
      redirect: 'follow',
      referrerPolicy: 'no-referrer',
      signal,
    });
    if (response.url && originOf(response.url) !== originOf(url)) {
      await response.body?.cancel().catch(() => undefined);
      throw new Error(`${name} redirected to another origin when fetched again`);
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      throw new Error(`${name}: HTTP ${response.status}`);
    }
    const doc = await readDocumentResponse(readDocument, response, { name, mediaType: 'application/pdf', url }, signal);
    if (doc.kind !== 'pdf') throw new Error(`${name} is not a PDF`);
    return { title: doc.title || name, text: doc.text };
  };
}

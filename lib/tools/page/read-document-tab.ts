/**
 * read_page on a tab that shows a PDF: Chrome's viewer keeps the text where no page script can read it, so the
 * background fetches the file the tab shows, with the user's cookies for that site exactly as the tab had them
 * (a report behind a login reads), and reads it with the document reader. The answer has read_page's shape:
 * `--- Page N ---` markers the model can cite, windows by `offset`/`nextOffset`. A scan with no text layer is an
 * error that says so, never an empty read. A local file (file://) is fetched the same way once the user allowed
 * "Allow access to file URLs" (the extension pages' CSP lets `connect-src` reach `file:` for it, wxt.config.ts);
 * without it the answer says how to allow it.
 */
import type { PageImage } from '../../documents/render-pdf-page';
import type { PageReading } from '../../page/read-page';
import { sliceText } from '../../page/slice-text';
import type { ToolContext } from '../define-tool';
import { originOf } from '../origin-of';
import { ToolError } from '../tool-error';
import { fileNameOf } from '../web/fetch-url-tool';
import { DOCUMENT_MAX_CHARS, readDocumentResponse, type ReadDocumentFile } from '../web/read-document-response';

export interface ReadDocumentTabDeps {
  fetch: typeof fetch;
  readDocument: ReadDocumentFile;
  /** Whether the user turned on "Allow access to file URLs" for Tabwise (chrome.extension.isAllowedFileSchemeAccess). */
  isFileAccessAllowed(): Promise<boolean>;
}

export type ReadDocumentTab = (
  reading: PageReading,
  input: { offset?: number; maxChars?: number },
  ctx: ToolContext,
) => Promise<PageReading & { pageImages?: PageImage[] }>;

const DEFAULT_MAX_CHARS = 20_000;

export const FILE_ACCESS_OFF =
  'This tab shows a file on this computer, and Tabwise may not read local files. To allow it: open chrome://extensions, ' +
  'find Tabwise, choose Details and turn on "Allow access to file URLs", then ask again.';

/**
 * Why read_page could not reach a tab, when the reason is the user's file-access setting: Chrome neither lets the
 * page reader into a file:// tab nor the worker fetch a file:// URL without it. Undefined for any other tab.
 */
export function createLocalFileRefusal(deps: {
  tabUrl(tabId: number): Promise<string | undefined>;
  isFileAccessAllowed(): Promise<boolean>;
}): (ctx: ToolContext) => Promise<string | undefined> {
  return async (ctx) => {
    if (ctx.tabId === undefined) return undefined;
    const url = await deps.tabUrl(ctx.tabId).catch(() => undefined);
    if (!url?.startsWith('file:')) return undefined;
    return (await deps.isFileAccessAllowed()) ? undefined : FILE_ACCESS_OFF;
  };
}

export function createReadDocumentTab(deps: ReadDocumentTabDeps): ReadDocumentTab {
  return async (reading, input, ctx) => {
    const url = reading.url;
    const name = fileNameOf(url.startsWith('file:') ? url.replace(/^file:\/\/[^/]*/, 'file://local') : url);
    if (url.startsWith('file:') && !(await deps.isFileAccessAllowed())) throw new ToolError(FILE_ACCESS_OFF);
    let response: Response;
    try {
      response = await deps.fetch(url, {
        // The user's cookies for the site, as the tab sent them: the tab already showed this file to the user.
        credentials: 'include',
        redirect: 'follow',
        referrerPolicy: 'no-referrer',
        signal: ctx.signal,
      });
    } catch (error) {
      if (ctx.signal.aborted) throw error;
      throw new ToolError(
        `Could not read ${name}: the file the tab shows could not be fetched again (${error instanceof Error ? error.message : String(error)}).`,
        { cause: error },
      );
    }
    if (response.url && originOf(response.url) !== originOf(url)) {
      await response.body?.cancel().catch(() => undefined);
      throw new ToolError(
        `Could not read ${name}: fetched again, it redirected to ${response.url} (perhaps a sign-in page), not the file the tab shows.`,
      );
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      throw new ToolError(`Could not read ${name}: fetched again, the site answered HTTP ${response.status}.`);
    }
    const doc = await readDocumentResponse(
      deps.readDocument,
      response,
      // A model that takes images is sent the scanned pages as images (drawn in the offscreen document).
      {
        name,
        mediaType: reading.documentType ?? 'application/pdf',
        url,
        ...(ctx.modelTakesImages ? { renderScans: true } : {}),
      },
      ctx.signal,
      ctx.askDocumentPassword,
    );
    const images = doc.imagePages?.length ?? 0;
    if (images > 0 && images === doc.pagesRead && !doc.pageImages?.length)
      throw new ToolError(
        `${name} has no text to read: ${images === 1 ? 'its page is an image' : `all ${images} pages are images`} without a text layer (a scan). ` +
          'If you can see images, take a screenshot of the tab to look at the page shown; otherwise tell the user this PDF cannot be read as text.',
      );
    const offset = input.offset ?? 0;
    const slice = sliceText(doc.text, offset, input.maxChars ?? DEFAULT_MAX_CHARS);
    const notes = [...doc.notes];
    if (doc.truncated)
      notes.push(
        `The document is longer than ${DOCUMENT_MAX_CHARS} characters of text: only the first ${DOCUMENT_MAX_CHARS} can be read.`,
      );
    return {
      title: doc.title || name,
      url,
      lang: '',
      markdown: slice.text,
      headings: [],
      totalChars: doc.text.length,
      offset: Math.min(offset, doc.text.length),
      ...(slice.nextOffset !== undefined ? { nextOffset: slice.nextOffset } : {}),
      ...(reading.selection ? { selection: reading.selection } : {}),
      ...(notes.length ? { notice: notes.join(' ') } : {}),
      documentType: reading.documentType ?? 'application/pdf',
      // The first window carries the page images (each later window would send them again).
      ...(doc.pageImages?.length && offset === 0 ? { pageImages: doc.pageImages } : {}),
    };
  };
}

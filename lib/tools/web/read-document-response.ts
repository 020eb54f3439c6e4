/**
 * A document's bytes from a response and its reading, for fetch_url and for read_page on a PDF tab: at most
 * DOCUMENT_MAX_BYTES downloaded (a larger one refused by its name and size, by the declared length before any
 * of the body is read), then read by the document reader; its message, which names the file, is the tool error.
 */
import { DOCUMENT_LIMITS, type DocumentReading } from '../../documents/read-document';
import { ToolError } from '../tool-error';
import { readCappedBody } from './read-capped-body';

/** A document is downloaded up to this size (the reader's own byte limit); a larger one is refused by name. */
export const DOCUMENT_MAX_BYTES = DOCUMENT_LIMITS.maxBytes;
/** Characters of a document's text offered in windows (a 300-page report fits). */
export const DOCUMENT_MAX_CHARS = 2_000_000;

/** Reads a document's bytes (PDF, Word, Excel, CSV, Markdown) in the offscreen document. */
export type ReadDocumentFile = (file: {
  bytes: Uint8Array;
  name: string;
  mediaType: string;
  url: string;
  maxChars: number;
  /** A PDF's password, as the user typed it on the card. */
  password?: string;
  /** Draw the first scanned pages as images too (for a model that takes images). */
  renderScans?: boolean;
}) => Promise<DocumentReading>;

/** Asks the user for the document's password (`wrong`: the last one was not right); undefined when they cancelled. */
export type AskDocumentPassword = (file: string, wrong: boolean) => Promise<string | undefined>;

/** Passwords tried on one document before the read gives up. */
export const MAX_PASSWORD_TRIES = 5;

const isPasswordError = (error: unknown): 'needs_password' | 'wrong_password' | undefined => {
  const code = (error as { code?: unknown } | undefined)?.code;
  return code === 'needs_password' || code === 'wrong_password' ? code : undefined;
};

const mb = (bytes: number) => `${Math.round(bytes / 100_000) / 10} MB`;

export async function readDocumentResponse(
  readDocument: ReadDocumentFile,
  response: Response,
  file: { name: string; mediaType: string; url: string; renderScans?: boolean },
  signal: AbortSignal,
  askPassword?: AskDocumentPassword,
): Promise<DocumentReading> {
  const tooLarge = (size: string) =>
    new ToolError(
      `Could not read ${file.name}: it is ${size}, and documents of at most ${mb(DOCUMENT_MAX_BYTES)} are read.`,
    );
  const declared = Number(response.headers.get('content-length'));
  if (declared > DOCUMENT_MAX_BYTES) {
    await response.body
      ?.cancel()
      .catch((error: unknown) => console.warn('Tabwise: dropping a response body failed', error));
    throw tooLarge(mb(declared));
  }
  const body = await readCappedBody(response, DOCUMENT_MAX_BYTES);
  if (body.truncated) throw tooLarge(`larger than ${mb(DOCUMENT_MAX_BYTES)}`);
  // A password-protected PDF: the user is asked on the call's card (never the model), and asked again when wrong.
  let password: string | undefined;
  for (let tries = 0; ; tries++) {
    try {
      return await readDocument({
        ...file,
        bytes: body.bytes,
        maxChars: DOCUMENT_MAX_CHARS,
        ...(password !== undefined ? { password } : {}),
      });
    } catch (error) {
      if (signal.aborted) throw error;
      const locked = isPasswordError(error);
      if (!locked || !askPassword) throw new ToolError(errorText(error), { cause: error });
      if (tries >= MAX_PASSWORD_TRIES)
        throw new ToolError(
          `Could not read ${file.name}: it is protected with a password, and the ${MAX_PASSWORD_TRIES} passwords the user typed were not right.`,
        );
      password = await askPassword(file.name, locked === 'wrong_password');
      if (password === undefined)
        throw new ToolError(
          `Could not read ${file.name}: it is protected with a password, and the user cancelled instead of typing it. ` +
            'Do not ask for the password in the chat: the user can ask you to read it again.',
        );
    }
  }
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

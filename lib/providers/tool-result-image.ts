/**
 * The image a tool result carries (the screenshot tool's), in the one text form the journal and the
 * conversation keep, and how the mappers split it back into text and an image part for the vendors.
 */
import type { ToolResultPart } from './chat-model';

/** The only tool whose results may carry an image: a built-in whose name no user or MCP tool can take. */
export const IMAGE_TOOL = 'screenshot';

export interface ToolResultImage {
  mediaType: 'image/png' | 'image/jpeg';
  /** Base64, without a data: prefix. */
  data: string;
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** The result text of a call that returned `image`, with `note` as what the model reads beside it. */
export function formatImageResult(note: string, image: ToolResultImage): string {
  return JSON.stringify({ note, image });
}

/** A result's text and, for a successful screenshot result, its image; anything else is text as it is. */
export function splitToolResultImage(part: ToolResultPart): { text: string; image?: ToolResultImage } {
  if (part.toolName !== IMAGE_TOOL || part.isError || !part.output.startsWith('{"note":')) return { text: part.output };
  let parsed: unknown;
  try {
    parsed = JSON.parse(part.output);
  } catch (error) {
    // Cut by context trimming: what is left is text, and the image is gone.
    void error;
    return { text: part.output };
  }
  if (typeof parsed !== 'object' || parsed === null || !('note' in parsed) || !('image' in parsed)) return { text: part.output };
  const { note, image } = parsed;
  if (typeof note !== 'string' || typeof image !== 'object' || image === null || !('mediaType' in image) || !('data' in image)) return { text: part.output };
  const { mediaType, data } = image;
  if ((mediaType !== 'image/png' && mediaType !== 'image/jpeg') || typeof data !== 'string' || !BASE64.test(data)) return { text: part.output };
  return { text: note, image: { mediaType, data } };
}

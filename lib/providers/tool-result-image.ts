/**
 * The image a tool result carries (the screenshot tool's), in the one text form the journal and the
 * conversation keep, how the mappers split it back into text and an image part for the vendors, and what a
 * model that takes no images reads instead.
 */
import type { ChatMessage, ResultImage, ToolResultPart } from '../core/chat-message';

/** The only tool whose results may carry an image: a built-in whose name no user or MCP tool can take. */
export const IMAGE_TOOL = 'screenshot';

export type ToolResultImage = ResultImage;

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** What the screenshot tool returns: the image and `note`, what the model reads beside it. */
export interface ImageResult {
  note: string;
  image: ToolResultImage;
}

/** The screenshot tool's output (its text for the model is this object's JSON). */
export const imageResult = (note: string, image: ToolResultImage): ImageResult => ({ note, image });

/** The result text of a call that returned `image`, with `note` as what the model reads beside it. */
export function formatImageResult(note: string, image: ToolResultImage): string {
  return JSON.stringify(imageResult(note, image));
}

/** `value` when it is an image result with a PNG or JPEG in base64, else undefined. */
export function imageResultOf(value: unknown): ImageResult | undefined {
  if (typeof value !== 'object' || value === null || !('note' in value) || !('image' in value)) return undefined;
  const { note, image } = value;
  if (
    typeof note !== 'string' ||
    typeof image !== 'object' ||
    image === null ||
    !('mediaType' in image) ||
    !('data' in image)
  )
    return undefined;
  const { mediaType, data } = image;
  if ((mediaType !== 'image/png' && mediaType !== 'image/jpeg') || typeof data !== 'string' || !BASE64.test(data))
    return undefined;
  return { note, image: { mediaType, data } };
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
  const found = imageResultOf(parsed);
  return found ? { text: found.note, image: found.image } : { text: part.output };
}

/** What a model that takes no images reads in place of a screenshot (the built-in one, or one whose server refused images). */
export const NO_IMAGES =
  'Error: this model does not accept images, so the screenshot was not sent to it. Use get_page_state or read_page to see the page instead.';

/** What a model that takes no images reads after a result whose page images were left out. */
export const pageImagesLeftOut = (n: number) =>
  `(${n === 1 ? 'The page image was' : `The ${n} page images were`} not sent: this model does not accept images.)`;

/**
 * A result as a model without image input reads it: a screenshot becomes NO_IMAGES, a result with page images
 * says they were left out, anything else stays as it is.
 */
export function toolResultText(part: ToolResultPart): string {
  if (splitToolResultImage(part).image) return NO_IMAGES;
  return part.images?.length ? `${part.output}\n${pageImagesLeftOut(part.images.length)}` : part.output;
}

/** Whether any tool result (or attached image) among `messages` carries an image. */
export function carriesImage(messages: ChatMessage[]): boolean {
  return messages.some(
    (m) =>
      (m.role === 'tool' && m.content.some((r) => r.images?.length || splitToolResultImage(r).image)) ||
      (m.role === 'user' && m.content.some((p) => p.type === 'image')),
  );
}

/** `messages` with every image left out (a screenshot becomes NO_IMAGES), for a model that takes no images. */
export function withoutImages(messages: ChatMessage[]): ChatMessage[] {
  const textOnly = (r: ToolResultPart): ToolResultPart => {
    const { images, ...rest } = r;
    void images; // left out: this model reads the note instead
    return { ...rest, output: toolResultText(r) };
  };
  return messages.map((m) => {
    if (m.role === 'tool') return { ...m, content: m.content.map(textOnly) };
    // An attached image (a fallback model that takes none): its place in the turn's data block says it was attached.
    if (m.role === 'user' && m.content.some((p) => p.type === 'image'))
      return { ...m, content: m.content.filter((p) => p.type !== 'image') };
    return m;
  });
}

/**
 * A Word document's text with mammoth: to HTML (headings, lists, tables kept), images dropped (never turned into
 * data the panel or the model could load), then Markdown through the page reader's converter. The zip is checked
 * for bombs before mammoth inflates it (read-zip-directory.ts).
 */
import mammoth from 'mammoth';
import { createMarkdownConverter } from '../page/create-markdown-converter';

export async function readDocx(bytes: Uint8Array): Promise<{ markdown: string; warnings: number }> {
  const result = await mammoth.convertToHtml(
    { arrayBuffer: bytes.slice().buffer },
    // An empty source: the image's bytes never reach the HTML (and so never a renderer).
    { convertImage: mammoth.images.imgElement(async () => ({ src: '' })) },
  );
  const html = result.value.replace(/<img\b[^>]*>/gi, '');
  return { markdown: createMarkdownConverter().turndown(html).trim(), warnings: result.messages.length };
}

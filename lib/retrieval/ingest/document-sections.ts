/**
 * A PDF's reading (`--- Page N ---` markers, as the document reader writes them) as the text the index
 * chunks: one `# Page N` section per page, so no chunk straddles two pages and each carries its page in its
 * heading path (which its citation opens at). The PDF's own lines that look like Markdown headings or code
 * fences are escaped, so they can neither end a page's section nor hide the next page marker.
 */
const PAGE_MARKER = /^--- Page (\d{1,5}) ---$/;

export function documentSections(text: string): string {
  return text
    .split(/\r?\n/)
    .map((line) => {
      const page = PAGE_MARKER.exec(line.trim());
      if (page) return `# Page ${page[1]}`;
      return line.replace(/^(\s*)(#{1,6}\s|```|~~~)/, '$1\\$2');
    })
    .join('\n');
}

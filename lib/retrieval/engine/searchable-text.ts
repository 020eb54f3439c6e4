/** What the text field indexes for a chunk: its page's title and its heading path go with its text. */
export function searchableText(title: string, headingPath: readonly string[], text: string): string {
  return [title, headingPath.join(' '), text].join('\n');
}

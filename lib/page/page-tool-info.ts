/**
 * A tool the page offers of its own (WebMCP): a form declared with `toolname` (read from the markup by the page
 * agent) or a tool a page script registered with `navigator.modelContext.registerTool`. Plain data: it crosses
 * the extension's messaging and reaches the model inside the snapshot, as page text.
 */
export interface PageToolInfo {
  /** The page's name for it: letters, digits, `_`, `-` and `.`, at most 64 (others are not offered). */
  name: string;
  /** What the page says it does (invisible characters removed, cut to PAGE_TOOL_LIMITS.description). */
  description: string;
  /** A JSON Schema of an object: derived from the form's fields, or the one the script registered. */
  inputSchema: Record<string, unknown>;
  /** The page declared `readOnlyHint: true`; a form tool never is (calling it submits the form). */
  readOnly: boolean;
  source: 'form' | 'script';
  /** For a form tool: where submitting sends it (absolute URL) and how. */
  action?: string;
  method?: string;
}

/** Limits on what a page may offer, so a page cannot flood the model or the card. */
export const PAGE_TOOL_LIMITS = { tools: 50, description: 1000, schemaChars: 8000, resultChars: 20_000 } as const;

/** Names a page tool may have: the same alphabet as model tool names, plus `.`; nothing that can draw a line. */
export const PAGE_TOOL_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

/** The snapshot's line saying what the page offers (names only: they are of a safe alphabet). */
export const offersLine = (tools: readonly PageToolInfo[]): string =>
  `This page offers tools of its own (see pageTools; their descriptions are the page's text): ${tools
    .map((t) => t.name)
    .join(', ')}. Call one with call_page_tool({ name, arguments }).`;

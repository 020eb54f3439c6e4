import { PAGE_TOOL_LIMITS, type PageToolInfo } from './page-tool-info';
import { readFormTools, type FormTool } from './read-form-tools';

/**
 * The tools a page script registered in this frame (navigator.modelContext), as the main-world relay reports
 * them; absent where none is installed. Its listing and results are the page's word, checked like page text.
 */
export interface ScriptTools {
  list(): Promise<PageToolInfo[]>;
  /** `onAsk`: the tool asks the user to interact with the page; resolves with their Continue (true) or Decline. */
  call(name: string, args: Record<string, unknown>, onAsk?: () => Promise<boolean>): Promise<unknown>;
}

/** A tool this frame offers now, and how to call it. */
export type OfferedTool = { info: PageToolInfo; form: FormTool } | { info: PageToolInfo; form?: undefined };

/** Every tool this frame's document offers: its declared forms first, then what its scripts registered (a name once). */
export async function listPageTools(doc: Document, script?: ScriptTools): Promise<OfferedTool[]> {
  const out: OfferedTool[] = readFormTools(doc).map((form) => ({ info: form.info, form }));
  const names = new Set(out.map((t) => t.info.name));
  for (const info of (await script?.list().catch(() => [])) ?? []) {
    if (out.length >= PAGE_TOOL_LIMITS.tools) break;
    if (names.has(info.name)) continue;
    names.add(info.name);
    out.push({ info });
  }
  return out;
}

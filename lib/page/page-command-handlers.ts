/**
 * The shapes of the page agent's command handlers (page-agent-commands.ts builds them, with the screenshot's
 * and the page tools' commands from files of their own): a file of its own so that those files import it
 * without importing one another.
 */
import type { ActPart } from './act-part';
import type { PageCall, PageCommandInput, PageCommandName, PageCommandOutput } from './page-command';
import type { PageReader } from './page-reader';
import type { ScriptTools } from './page-tools-offered';
import type { ToolAskInput } from './tool-ask-protocol';

export type Commands = {
  [K in PageCommandName]: (
    input: PageCommandInput<K>,
    c: PageCall<PageCommandInput<K>>,
  ) => PageCommandOutput<K> | Promise<PageCommandOutput<K>>;
};

export interface PageCommandOptions {
  doc: Document;
  reader: () => PageReader | undefined;
  /** The act part (act-part.ts); undefined while it is not loaded in this frame. */
  actPart?: () => ActPart | undefined;
  highlightMs?: number;
  onSettled?: (waitedMs: number) => void;
  /** The tools this frame's scripts registered (navigator.modelContext), where the relay is installed. */
  scriptTools?: () => ScriptTools | undefined;
  /** Asks the background to show a page tool's request for the user on the call's card (tool-ask-protocol.ts). */
  askUser?: (call: ToolAskInput) => Promise<boolean>;
}

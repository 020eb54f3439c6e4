/**
 * What a tool did, in the user's words, by the tool's name: the title of its card in the panel and its name in
 * Settings → Performance. Only strings live here, so the options page can use it without the panel's cards.
 */
import { t, type MessageKey } from './t';

const TOOL_LABELS: Readonly<Record<string, MessageKey>> = {
  read_page: 'card_read_page',
  get_form_state: 'card_get_form_state',
  fill_form: 'card_fill_form',
  click: 'card_click',
  submit_form: 'card_submit_form',
  search_history: 'card_search_history',
  list_tabs: 'card_list_tabs',
  fetch_url: 'card_fetch_url',
  web_search: 'card_web_search',
  memory_save: 'card_memory_save',
  memory_search: 'card_memory_search',
  memory_delete: 'card_memory_delete',
  load_skill: 'card_load_skill',
  delegate: 'card_delegate',
  fill_password: 'card_fill_password',
  ask_user: 'card_ask_user',
  screenshot: 'card_screenshot',
  navigate: 'card_navigate',
  go_back: 'card_go_back',
  open_tab: 'card_open_tab',
  switch_tab: 'card_switch_tab',
  close_tab: 'card_close_tab',
  wait_for: 'card_wait_for',
  list_files: 'card_list_files',
  stat_file: 'card_stat_file',
  read_file: 'card_read_file',
  search_files: 'card_search_files',
};

/** True when the tool has a title of its own (a tool without one, an MCP tool say, is shown by its name). */
export const hasToolTitle = (toolName: string): boolean => Object.hasOwn(TOOL_LABELS, toolName);

/** The tool's title in the UI's language; a tool without one (an MCP tool) is shown by its name. */
export function toolTitle(toolName: string): string {
  return hasToolTitle(toolName) ? t(TOOL_LABELS[toolName]!) : toolName;
}

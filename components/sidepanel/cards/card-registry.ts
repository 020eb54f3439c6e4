/**
 * The readable card of each tool, by name. A tool not listed (a future MCP tool) gets the generic key/value
 * card; registering a component here is all a new tool needs (its title is in components/ui/tool-title.ts).
 */
import type { FunctionComponent } from 'preact';
import { ActionCard } from './ActionCard';
import type { CardProps } from './card-props';
import { FillFormCard } from './FillFormCard';
import { FolderCard } from './FolderCard';
import { FormStateCard } from './FormStateCard';
import { GenericCard } from './GenericCard';
import { ListTabsCard } from './ListTabsCard';
import { ReadPageCard } from './ReadPageCard';
import { SearchHistoryCard } from './SearchHistoryCard';
import { SummaryCard } from './SummaryCard';
import { TabCard } from './TabCard';
import { WebSearchCard } from './WebSearchCard';
import { ScreenshotCard } from './ScreenshotCard';

export interface CardKind {
  Body: FunctionComponent<CardProps>;
}

const cards = new Map<string, CardKind>([
  ['read_page', { Body: ReadPageCard }],
  ['get_form_state', { Body: FormStateCard }],
  ['fill_form', { Body: FillFormCard }],
  ['click', { Body: ActionCard }],
  ['submit_form', { Body: ActionCard }],
  ['search_history', { Body: SearchHistoryCard }],
  ['list_tabs', { Body: ListTabsCard }],
  ['fetch_url', { Body: ReadPageCard }],
  ['web_search', { Body: WebSearchCard }],
  ['memory_save', { Body: SummaryCard }],
  ['memory_search', { Body: SummaryCard }],
  ['memory_delete', { Body: SummaryCard }],
  ['load_skill', { Body: SummaryCard }],
  ['delegate', { Body: SummaryCard }],
  ['fill_password', { Body: SummaryCard }],
  ['ask_user', { Body: SummaryCard }],
  ['screenshot', { Body: ScreenshotCard }],
  ['navigate', { Body: TabCard }],
  ['go_back', { Body: TabCard }],
  ['open_tab', { Body: TabCard }],
  ['switch_tab', { Body: TabCard }],
  ['close_tab', { Body: TabCard }],
  ['wait_for', { Body: TabCard }],
  ['list_files', { Body: FolderCard }],
  ['stat_file', { Body: FolderCard }],
  ['read_file', { Body: FolderCard }],
  ['search_files', { Body: FolderCard }],
]);

/** The card for `toolName` (the generic one for tools without their own). */
export function cardFor(toolName: string): CardKind {
  return cards.get(toolName) ?? { Body: GenericCard };
}

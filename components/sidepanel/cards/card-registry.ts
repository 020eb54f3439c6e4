/**
 * The readable card of each tool, by name. A tool not listed (a future MCP tool) gets the generic key/value
 * card; registering a component here is all a new tool needs.
 */
import type { FunctionComponent } from 'preact';
import { ActionCard } from './ActionCard';
import type { CardProps } from './card-props';
import { t, type MessageKey } from '../../ui/t';
import { FillFormCard } from './FillFormCard';
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
  /** What the card's header says the tool did (the tool's name stays in the raw view); none: the tool's name. */
  label?: MessageKey;
  Body: FunctionComponent<CardProps>;
}

const cards = new Map<string, CardKind>([
  ['read_page', { label: 'card_read_page', Body: ReadPageCard }],
  ['get_form_state', { label: 'card_get_form_state', Body: FormStateCard }],
  ['fill_form', { label: 'card_fill_form', Body: FillFormCard }],
  ['click', { label: 'card_click', Body: ActionCard }],
  ['submit_form', { label: 'card_submit_form', Body: ActionCard }],
  ['search_history', { label: 'card_search_history', Body: SearchHistoryCard }],
  ['list_tabs', { label: 'card_list_tabs', Body: ListTabsCard }],
  ['fetch_url', { label: 'card_fetch_url', Body: ReadPageCard }],
  ['web_search', { label: 'card_web_search', Body: WebSearchCard }],
  ['memory_save', { label: 'card_memory_save', Body: SummaryCard }],
  ['memory_search', { label: 'card_memory_search', Body: SummaryCard }],
  ['memory_delete', { label: 'card_memory_delete', Body: SummaryCard }],
  ['load_skill', { label: 'card_load_skill', Body: SummaryCard }],
  ['delegate', { label: 'card_delegate', Body: SummaryCard }],
  ['fill_password', { label: 'card_fill_password', Body: SummaryCard }],
  ['ask_user', { label: 'card_ask_user', Body: SummaryCard }],
  ['screenshot', { label: 'card_screenshot', Body: ScreenshotCard }],
  ['navigate', { label: 'card_navigate', Body: TabCard }],
  ['go_back', { label: 'card_go_back', Body: TabCard }],
  ['open_tab', { label: 'card_open_tab', Body: TabCard }],
  ['switch_tab', { label: 'card_switch_tab', Body: TabCard }],
  ['close_tab', { label: 'card_close_tab', Body: TabCard }],
  ['wait_for', { label: 'card_wait_for', Body: TabCard }],
]);

/** The card for `toolName` (the generic one for tools without their own). */
export function cardFor(toolName: string): CardKind {
  return cards.get(toolName) ?? { Body: GenericCard };
}

/** What the card's header says, in the UI's language; a tool without its own card (an MCP tool) shows its name. */
export function cardTitle(toolName: string): string {
  const { label } = cardFor(toolName);
  return label ? t(label) : toolName;
}

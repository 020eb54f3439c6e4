/**
 * The readable card of each tool, by name. A tool not listed (a future MCP tool) gets the generic key/value
 * card; registering a component here is all a new tool needs.
 */
import type { FunctionComponent } from 'preact';
import { ActionCard } from './ActionCard';
import type { CardProps } from './card-props';
import { FillFormCard } from './FillFormCard';
import { FormStateCard } from './FormStateCard';
import { GenericCard } from './GenericCard';
import { ListTabsCard } from './ListTabsCard';
import { ReadPageCard } from './ReadPageCard';
import { SearchHistoryCard } from './SearchHistoryCard';
import { SummaryCard } from './SummaryCard';

export interface CardKind {
  /** What the card's header says the tool did (the tool's name stays in the raw view). */
  label: string;
  Body: FunctionComponent<CardProps>;
}

const cards = new Map<string, CardKind>([
  ['read_page', { label: 'Read the page', Body: ReadPageCard }],
  ['get_form_state', { label: 'Looked at the form', Body: FormStateCard }],
  ['fill_form', { label: 'Fill the form', Body: FillFormCard }],
  ['click', { label: 'Click', Body: ActionCard }],
  ['submit_form', { label: 'Submit the form', Body: ActionCard }],
  ['search_history', { label: 'Searched your history', Body: SearchHistoryCard }],
  ['list_tabs', { label: 'Listed your tabs', Body: ListTabsCard }],
  ['memory_save', { label: 'Save a memory', Body: SummaryCard }],
  ['memory_search', { label: 'Searched memories', Body: SummaryCard }],
  ['memory_delete', { label: 'Forget a memory', Body: SummaryCard }],
  ['load_skill', { label: 'Loaded a skill', Body: SummaryCard }],
  ['delegate', { label: 'Sub-agent', Body: SummaryCard }],
]);

/** The card for `toolName` (the generic one for tools without their own). */
export function cardFor(toolName: string): CardKind {
  return cards.get(toolName) ?? { label: toolName, Body: GenericCard };
}

/** Lets a tool added at run time (an MCP server's) bring its own card. */
export function registerCard(toolName: string, kind: CardKind): void {
  cards.set(toolName, kind);
}

/**
 * The page tools' input schemas: what the provider sees (as JSON Schema) and what the worker validates
 * before a call is routed. They live on the worker side so the page bundle carries no zod; each is checked
 * against the protocol's input type, and the page agent checks the same shape with its own guards.
 */
import { z } from 'zod';
import type { PageCommandInput } from '../../page/page-command';
import { READ_PAGE_LIMITS } from '../../page/read-page-limits';
import type { ActInput } from '../../page/act-input';
import { PAGE_STATE_LIMITS } from '../../page/page-state';

export const readPageInput = z.object({
  offset: z
    .number()
    .int()
    .min(0)
    .optional()
    .describe('Character offset to continue from (nextOffset of the previous call).'),
  maxChars: z
    .number()
    .int()
    .min(READ_PAGE_LIMITS.minChars)
    .max(READ_PAGE_LIMITS.maxChars)
    .optional()
    .describe('Most characters of Markdown to return (default 20000).'),
}) satisfies z.ZodType<PageCommandInput<'read_page'>>;

/** get_form_state takes no arguments. */
export const getFormStateInput = z.object({}) satisfies z.ZodType<PageCommandInput<'get_form_state'>>;

export const fillFormInput = z.object({
  updates: z
    .record(z.string(), z.union([z.string(), z.boolean(), z.array(z.string())]))
    .describe(
      'Values by field key from get_form_state: text, true/false for checkboxes, an option value or label for selects and radios, a list for multiple selects, ISO 8601 for dates.',
    ),
}) satisfies z.ZodType<PageCommandInput<'fill_form'>>;

export const clickInput = z.object({
  key: z.string().describe('Key of a button or link from get_form_state.'),
}) satisfies z.ZodType<PageCommandInput<'click'>>;

export const submitFormInput = z.object({
  form: z.string().describe('Key of a form from get_form_state.'),
}) satisfies z.ZodType<PageCommandInput<'submit_form'>>;

/** get_page_state: the whole page, or one region, a page of the list at a time. */
export const getPageStateInput = z.object({
  scope: z
    .string()
    .max(200)
    .optional()
    .describe(
      'Ref of a region (form, dialog, list, table) or element from the last get_page_state: list only what is inside it.',
    ),
  offset: z.number().int().min(0).optional().describe('Continue the list from here (nextOffset of the previous call).'),
  maxElements: z
    .number()
    .int()
    .min(1)
    .max(PAGE_STATE_LIMITS.maxElements)
    .optional()
    .describe(`Most elements to list (default ${PAGE_STATE_LIMITS.defaultElements}).`),
}) satisfies z.ZodType<PageCommandInput<'get_page_state'>>;

type ActArgs<A extends ActInput['action']> = Omit<Extract<ActInput, { action: A }>, 'action'>;
const ref = z
  .string()
  .max(200)
  .describe('Ref of an element from the latest get_page_state (or from the changes an action reported).');

export const typeInput = z.object({
  ref,
  text: z.string().max(5000).describe('The text to type, character by character.'),
  clear: z.boolean().optional().describe('Delete what the field holds first (default true).'),
}) satisfies z.ZodType<ActArgs<'type'>>;

export const pressInput = z.object({
  key: z
    .string()
    .max(40)
    .describe('A key, with modifiers joined by +: Enter, Escape, Tab, Shift+Tab, ArrowDown, Control+a.'),
  ref: ref
    .optional()
    .describe('Element to press the key on (it gets the focus first); default: whatever has the focus.'),
}) satisfies z.ZodType<ActArgs<'press'>>;

export const refOnlyInput = z.object({ ref }) satisfies z.ZodType<ActArgs<'focus'>>;

export const selectInput = z.object({
  ref,
  option: z
    .string()
    .max(500)
    .describe(
      "The option's visible label (or a radio or select option's value as listed); in a text editor, the exact passage of its text to select.",
    ),
}) satisfies z.ZodType<ActArgs<'select'>>;

export const setValueInput = z.object({
  ref,
  value: z.string().max(100).describe('The number the slider should show.'),
}) satisfies z.ZodType<ActArgs<'set_value'>>;

export const scrollInput = z.object({
  direction: z
    .enum(['up', 'down', 'left', 'right', 'into_view'])
    .describe('Most of a screen in a direction, or into_view to bring ref into view.'),
  ref: ref.optional().describe('The element (into_view) or the scrollable area to scroll; default: the page.'),
}) satisfies z.ZodType<ActArgs<'scroll'>>;

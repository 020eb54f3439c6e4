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
  offset: z.number().int().min(0).optional().describe('nextOffset of the previous call.'),
  maxChars: z
    .number()
    .int()
    .min(READ_PAGE_LIMITS.minChars)
    .max(READ_PAGE_LIMITS.maxChars)
    .optional()
    .describe('Default 20000.'),
}) satisfies z.ZodType<PageCommandInput<'read_page'>>;

/** get_form_state takes no arguments. */
export const getFormStateInput = z.object({}) satisfies z.ZodType<PageCommandInput<'get_form_state'>>;

export const fillFormInput = z.object({
  updates: z
    .record(z.string(), z.union([z.string(), z.boolean(), z.array(z.string())]))
    .describe('{ref or key: value}'),
}) satisfies z.ZodType<PageCommandInput<'fill_form'>>;

export const clickInput = z.object({
  key: z.string().describe('Ref (or get_form_state key).'),
}) satisfies z.ZodType<PageCommandInput<'click'>>;

export const submitFormInput = z.object({
  form: z.string().describe('Ref of a form region (or form key).'),
}) satisfies z.ZodType<PageCommandInput<'submit_form'>>;

/** get_page_state: the whole page, or one region, a page of the list at a time. */
export const getPageStateInput = z.object({
  scope: z.string().max(200).optional().describe('Ref of a region: list only inside it.'),
  offset: z.number().int().min(0).optional().describe('nextOffset of the previous call.'),
  maxElements: z
    .number()
    .int()
    .min(1)
    .max(PAGE_STATE_LIMITS.maxElements)
    .optional()
    .describe(`Default ${PAGE_STATE_LIMITS.defaultElements}.`),
}) satisfies z.ZodType<PageCommandInput<'get_page_state'>>;

type ActArgs<A extends ActInput['action']> = Omit<Extract<ActInput, { action: A }>, 'action'>;
const ref = z.string().max(200).describe('Element ref.');

export const typeInput = z.object({
  ref,
  text: z.string().max(5000).describe('Text to type.'),
  clear: z.boolean().optional().describe('Empty the field first (default true).'),
}) satisfies z.ZodType<ActArgs<'type'>>;

export const pressInput = z.object({
  key: z.string().max(40).describe('e.g. Enter, Shift+Tab, Control+a.'),
  ref: ref.optional().describe('Focus it first (default: the focused element).'),
}) satisfies z.ZodType<ActArgs<'press'>>;

export const refOnlyInput = z.object({ ref }) satisfies z.ZodType<ActArgs<'focus'>>;

export const selectInput = z.object({
  ref,
  option: z.string().max(500).describe('Visible label (or listed value); in an editor, exact text to select.'),
}) satisfies z.ZodType<ActArgs<'select'>>;

export const setValueInput = z.object({
  ref,
  value: z.string().max(100).describe('A number.'),
}) satisfies z.ZodType<ActArgs<'set_value'>>;

export const scrollInput = z.object({
  direction: z.enum(['up', 'down', 'left', 'right', 'into_view']).describe('into_view needs ref.'),
  ref: ref.optional().describe('Element or scrollable area (default: the page).'),
}) satisfies z.ZodType<ActArgs<'scroll'>>;

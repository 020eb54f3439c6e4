/**
 * The page tools' input schemas: what the provider sees (as JSON Schema) and what the worker validates
 * before a call is routed. They live on the worker side so the page bundle carries no zod; each is checked
 * against the protocol's input type, and the page agent checks the same shape with its own guards.
 */
import { z } from 'zod';
import type { PageCommandInput } from '../../page/page-command';
import { READ_PAGE_LIMITS } from '../../page/read-page-limits';

export const readPageInput = z.object({
  offset: z.number().int().min(0).optional().describe('Character offset to continue from (nextOffset of the previous call).'),
  maxChars: z.number().int().min(READ_PAGE_LIMITS.minChars).max(READ_PAGE_LIMITS.maxChars).optional().describe('Most characters of Markdown to return (default 20000).'),
}) satisfies z.ZodType<PageCommandInput<'read_page'>>;

/** get_form_state takes no arguments. */
export const getFormStateInput = z.object({}) satisfies z.ZodType<PageCommandInput<'get_form_state'>>;

export const fillFormInput = z.object({
  updates: z
    .record(z.string(), z.union([z.string(), z.boolean(), z.array(z.string())]))
    .describe('Values by field key from get_form_state: text, true/false for checkboxes, an option value or label for selects and radios, a list for multiple selects, ISO 8601 for dates.'),
}) satisfies z.ZodType<PageCommandInput<'fill_form'>>;

export const clickInput = z.object({ key: z.string().describe('Key of a button or link from get_form_state.') }) satisfies z.ZodType<PageCommandInput<'click'>>;

export const submitFormInput = z.object({ form: z.string().describe('Key of a form from get_form_state.') }) satisfies z.ZodType<PageCommandInput<'submit_form'>>;

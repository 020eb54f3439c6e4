/**
 * What the worker accepts from a page: the page agent's answer and, per command, the output the
 * protocol declares (the messaging kit checks the envelope around it). A page could have tampered with its content script's answer, so nothing it sends is
 * used before it has this shape; each schema is checked against the protocol's output type.
 */
import { lazyRecord } from '../../util/lazy-record';
import { z } from 'zod';
import type { FieldType } from '../../page/form-snapshot';
import type { PageAnswer, PageCommandName, PageCommandOutput, PageRoutes } from '../../page/page-command';
import type { OutputOf } from '../../messaging/define-protocol';
import type { Validator } from '../../messaging/validator';
import { pageStateSchemas } from './page-state-schema';
import { callToolOutputSchema, pageToolInfoSchema, pageToolsFields } from './page-tool-schema';

const id = z.string().min(1).max(200);
const fieldValue = z.union([z.string(), z.boolean(), z.array(z.string())]);
const keyReason = z.object({ key: z.string(), reason: z.string() });
const keyValue = z.object({ key: z.string(), value: fieldValue });

const fieldTypes: Record<FieldType, true> = {
  text: true,
  email: true,
  number: true,
  tel: true,
  url: true,
  search: true,
  date: true,
  'datetime-local': true,
  time: true,
  month: true,
  week: true,
  range: true,
  color: true,
  select: true,
  'select-multiple': true,
  radio: true,
  checkbox: true,
  textarea: true,
  contenteditable: true,
};
const fieldType = z.custom<FieldType>((v) => typeof v === 'string' && Object.hasOwn(fieldTypes, v), 'not a field type');

const actionResult = () =>
  z.union([
    z.object({
      ok: z.literal(true),
      key: z.string(),
      text: z.string().optional(),
      changes: pageStateSchemas().pageChangesSchema.optional(),
    }),
    z.object({ ok: z.literal(false), key: z.string(), reason: z.string() }),
  ]);

/** Each command's output, as the page must send it. */
export const pageCommandOutputs: { [K in PageCommandName]: z.ZodType<PageCommandOutput<K>> } = lazyRecord({
  read_page: () =>
    z.object({
      title: z.string(),
      url: z.string(),
      lang: z.string(),
      markdown: z.string(),
      headings: z.array(z.object({ level: z.number(), text: z.string() })),
      selection: z.string().optional(),
      totalChars: z.number(),
      offset: z.number(),
      nextOffset: z.number().optional(),
      totalCharsEstimated: z.boolean().optional(),
      notice: z.string().optional(),
      documentType: z.string().max(200).optional(),
      videoTranscripts: z.string().max(40_000).optional(),
    }),
  get_form_state: () =>
    z.object({
      fields: z.array(
        z.object({
          key: z.string(),
          label: z.string(),
          type: fieldType,
          value: fieldValue,
          options: z.array(z.object({ value: z.string(), label: z.string() })).optional(),
          required: z.boolean(),
          constraints: z
            .object({
              pattern: z.string().optional(),
              min: z.string().optional(),
              max: z.string().optional(),
              minLength: z.number().optional(),
              maxLength: z.number().optional(),
              step: z.string().optional(),
            })
            .optional(),
          form: z.string().optional(),
          group: z.string().optional(),
          frame: z.string().optional(),
        }),
      ),
      buttons: z.array(
        z.object({
          key: z.string(),
          text: z.string(),
          kind: z.enum(['button', 'submit', 'link']),
          form: z.string().optional(),
          action: z.string().optional(),
        }),
      ),
      forms: z.array(
        z.object({ key: z.string(), label: z.string(), action: z.string().optional(), method: z.string().optional() }),
      ),
      passwords: z
        .array(
          z.object({ key: z.string(), label: z.string(), writeOnly: z.literal(true), form: z.string().optional() }),
        )
        .optional(),
      notice: z.string().optional(),
      ...pageToolsFields,
    }),
  get_page_state: () => pageStateSchemas().pageStateSchema,
  act: () => pageStateSchemas().actOutputSchema,
  fill_form: () => z.object({ written: z.array(keyValue), ignored: z.array(keyReason), failed: z.array(keyReason) }),
  click: () => actionResult(),
  submit_form: () =>
    z.intersection(
      actionResult(),
      z.object({ invalid: z.array(z.object({ key: z.string(), message: z.string() })).optional() }),
    ),
  preview: () => z.record(z.string(), z.object({ label: z.string(), value: fieldValue }).nullable()),
  identify: () =>
    z
      .array(
        z.object({
          kind: z.enum(['element', 'field', 'form', 'focus', 'tool']),
          ref: z.string().max(500),
          role: z.string().max(100),
          name: z.string().max(1000),
          href: z.string().max(4000).optional(),
          action: z.string().max(4000).optional(),
          method: z.string().max(40).optional(),
          schema: z.string().max(10_000).optional(),
        }),
      )
      .max(1000),
  undo: () => z.object({ restored: z.array(keyValue), failed: z.array(keyReason) }),
  fill_password: () => z.object({ ref: z.string().max(200), filled: z.literal(true) }),
  screenshot_prepare: () => z.object({ masked: z.number().int().min(0), labelled: z.number().int().min(0) }),
  screenshot_done: () => z.object({ removed: z.boolean() }),
  describe_tool: () => pageToolInfoSchema.nullable(),
  call_tool: () => callToolOutputSchema,
});

const failure = z.object({
  ok: z.literal(false),
  error: z.enum(['tool-error', 'navigated', 'no-reader', 'no-act-part']),
  message: z.string(),
});

/** The schema of the page agent's answer to `command`. */
export function pageAnswerSchema<K extends PageCommandName>(command: K): z.ZodType<PageAnswer<PageCommandOutput<K>>> {
  const output: z.ZodType<PageCommandOutput<K>> = pageCommandOutputs[command];
  return z.object({
    docId: id,
    url: z.string(),
    outcome: z.union([z.object({ ok: z.literal(true), output }), failure]),
  });
}

/** The page sender's reply validators: nothing a page answers is used before it has its command's shape. */
export const pageReplyValidators: { [K in PageCommandName]: Validator<OutputOf<PageRoutes, K>> } = lazyRecord({
  read_page: () => pageAnswerSchema('read_page'),
  get_form_state: () => pageAnswerSchema('get_form_state'),
  get_page_state: () => pageAnswerSchema('get_page_state'),
  act: () => pageAnswerSchema('act'),
  fill_form: () => pageAnswerSchema('fill_form'),
  click: () => pageAnswerSchema('click'),
  submit_form: () => pageAnswerSchema('submit_form'),
  preview: () => pageAnswerSchema('preview'),
  identify: () => pageAnswerSchema('identify'),
  undo: () => pageAnswerSchema('undo'),
  fill_password: () => pageAnswerSchema('fill_password'),
  screenshot_prepare: () => pageAnswerSchema('screenshot_prepare'),
  screenshot_done: () => pageAnswerSchema('screenshot_done'),
  describe_tool: () => pageAnswerSchema('describe_tool'),
  call_tool: () => pageAnswerSchema('call_tool'),
});

/** What the worker accepts of get_page_state's and the actions' answers (the page is untrusted). */
import { z } from 'zod';
import { pageToolsFields } from './page-tool-schema';
import type { ActOutput } from '../../page/act-input';
import type { PageChanges } from '../../page/page-changes';
import type { PageState } from '../../page/page-state';

/** The schemas, built the first time a page answers (not each time the worker starts). */
function build() {
  const fieldValue = z.union([z.string(), z.boolean(), z.array(z.string())]);
  const short = z.string().max(2000);

  const constraints = z.object({
    pattern: z.string().optional(),
    min: z.string().optional(),
    max: z.string().optional(),
    minLength: z.number().optional(),
    maxLength: z.number().optional(),
    step: z.string().optional(),
  });

  const fieldTypes = [
    'text',
    'email',
    'number',
    'tel',
    'url',
    'search',
    'date',
    'datetime-local',
    'time',
    'month',
    'week',
    'range',
    'color',
    'select',
    'select-multiple',
    'radio',
    'checkbox',
    'textarea',
    'contenteditable',
  ] as const;

  const pageStateSchema: z.ZodType<PageState> = z.object({
    title: z.string(),
    url: z.string(),
    elements: z
      .array(
        z.object({
          ref: z.string().max(200),
          role: z.string().max(40),
          name: short,
          nameGuessed: z.literal(true).optional(),
          type: z.enum(fieldTypes).optional(),
          value: fieldValue.optional(),
          options: z.array(z.object({ value: z.string(), label: z.string() })).optional(),
          checked: z.union([z.boolean(), z.literal('mixed')]).optional(),
          selected: z.boolean().optional(),
          expanded: z.boolean().optional(),
          disabled: z.boolean().optional(),
          required: z.boolean().optional(),
          constraints: constraints.optional(),
          href: z.string().optional(),
          submits: z.string().optional(),
          writeOnly: z.literal(true).optional(),
          inView: z.boolean(),
          frame: z.string().optional(),
          row: short.optional(),
          shows: z.string().max(2000).optional(),
        }),
      )
      .max(1000),
    total: z.number(),
    offset: z.number(),
    nextOffset: z.number().optional(),
    regions: z.array(
      z.object({
        ref: z.string().max(200),
        kind: z.enum(['form', 'dialog', 'list', 'table', 'menu', 'navigation', 'main', 'search']),
        name: short,
        count: z.number(),
        action: z.string().optional(),
        method: z.string().optional(),
      }),
    ),
    dialog: z.object({ ref: z.string(), name: z.string() }).optional(),
    notice: z.string().optional(),
    ...pageToolsFields,
  });

  const refName = z.object({ ref: z.string(), name: z.string() });

  const pageChangesSchema: z.ZodType<PageChanges> = z.object({
    navigated: z.string().optional(),
    unloading: z.boolean().optional(),
    dialogsOpened: z.array(refName).optional(),
    dialogsClosed: z.number().optional(),
    valuesChanged: z.array(z.object({ ref: z.string(), name: z.string(), value: fieldValue })).optional(),
    appeared: z.array(z.object({ ref: z.string(), role: z.string(), name: z.string() })).optional(),
    moreAppeared: z.number().optional(),
    disappeared: z.number().optional(),
    focused: z.string().optional(),
    noVisibleChange: z.literal(true).optional(),
  });

  const actOutputSchema: z.ZodType<ActOutput> = z.object({
    action: z.enum(['type', 'press', 'focus', 'hover', 'select', 'set_value', 'scroll']),
    ref: z.string().optional(),
    did: z.string(),
    value: fieldValue.optional(),
    wroteBy: z.enum(['keys', 'value']).optional(),
    changes: pageChangesSchema,
  });
  return { pageStateSchema, pageChangesSchema, actOutputSchema };
}

let built: ReturnType<typeof build> | undefined;
export const pageStateSchemas = () => (built ??= build());

/**
 * The API's shapes: zod schemas that validate every input and, through @hono/zod-openapi, are the OpenAPI
 * description served at /openapi.json. One definition for both, so the description cannot drift from what is checked.
 */
import { z } from '@hono/zod-openapi';

/** Text Postgres can store and a person could have written: no NUL, no other C0 control but tab and line breaks. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const cleanText = (max: number) =>
  z
    .string()
    .max(max)
    .refine((s) => !CONTROL.test(s), 'control characters are not allowed');

const Id = z.uuid().openapi({ example: '0b6c5e52-6f1f-4a1b-9a38-2f7c9a9d2f10' });
const Scope = z.enum(['user', 'team', 'platform']);
const Status = z.enum(['queued', 'indexing', 'indexed', 'failed']);

export const ErrorSchema = z.object({ error: z.object({ code: z.string(), message: z.string() }) }).openapi('Error');

export const DocumentSchema = z
  .object({
    id: Id,
    scope: Scope,
    teamId: Id.nullable(),
    ownerId: Id,
    title: z.string(),
    sourceUrl: z.string().nullable(),
    contentHash: z.string(),
    lang: z.string().nullable(),
    status: Status,
    error: z.string().nullable(),
    attempts: z.number().int(),
    chunkCount: z.number().int(),
    model: z.string().nullable(),
    createdAt: z.string(),
    indexedAt: z.string().nullable(),
  })
  .openapi('Document');

export const DocumentWithPassagesSchema = DocumentSchema.extend({ passages: z.array(z.string()) }).openapi(
  'DocumentWithPassages',
);

/** At most this many characters in one upload, however they are split into passages. */
export const MAX_UPLOAD_CHARS = 2_000_000;

export const UploadSchema = z
  .object({
    scope: Scope.default('team'),
    teamId: Id.optional(),
    title: cleanText(500).pipe(z.string().trim().min(1)),
    sourceUrl: z
      .url({ protocol: /^https?$/ })
      .max(4096)
      .optional(),
    lang: z
      .string()
      .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/)
      .max(35)
      .optional(),
    /** A whole text, or… */
    text: cleanText(MAX_UPLOAD_CHARS).optional(),
    /** …the passages a person chose (each indexed on its own). */
    passages: z.array(cleanText(MAX_UPLOAD_CHARS)).min(1).max(1000).optional(),
  })
  .refine((u) => (u.text === undefined) !== (u.passages === undefined), 'give either text or passages')
  .refine((u) => (u.scope === 'platform') === (u.teamId === undefined), 'teamId is required except for platform scope')
  .refine(
    (u) => (u.text ?? u.passages?.join('') ?? '').length <= MAX_UPLOAD_CHARS,
    `at most ${MAX_UPLOAD_CHARS} characters in one upload`,
  )
  .refine((u) => (u.text ?? u.passages?.join('') ?? '').trim().length > 0, 'the document is empty')
  .openapi('Upload');

export const UploadResultSchema = z
  .object({ document: DocumentSchema, duplicate: z.boolean() })
  .openapi('UploadResult');

export const ListQuerySchema = z.object({
  teamId: Id.optional(),
  scope: Scope.optional(),
  status: Status.optional(),
  before: z.iso.datetime({ offset: true }).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const IdParamSchema = z.object({ id: Id.openapi({ param: { name: 'id', in: 'path' } }) });

export const SearchSchema = z
  .object({
    query: cleanText(2000).pipe(z.string().trim().min(1)),
    teamId: Id.optional(),
    scopes: z.array(Scope).min(1).max(3).optional(),
    documentIds: z.array(Id).min(1).max(100).optional(),
    authorIds: z.array(Id).min(1).max(100).optional(),
    from: z.iso.datetime({ offset: true }).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
    limit: z.number().int().min(1).max(50).default(10),
    minScore: z.number().min(0).max(1).default(0.05),
  })
  .openapi('Search');

export const SearchHitSchema = z
  .object({
    chunkId: z.string(),
    documentId: Id,
    title: z.string(),
    sourceUrl: z.string().nullable(),
    scope: Scope,
    teamId: Id.nullable(),
    authorId: Id,
    score: z.number(),
    snippet: z.object({ text: z.string(), highlights: z.array(z.tuple([z.number(), z.number()])) }),
    citation: z.object({
      documentId: Id,
      position: z.number().int(),
      passage: z.number().int(),
      headingPath: z.array(z.string()),
    }),
  })
  .openapi('SearchHit');

export const SearchResultSchema = z
  .object({ results: z.array(SearchHitSchema), model: z.string(), miss: z.boolean() })
  .openapi('SearchResult');

export const MeSchema = z
  .object({
    user: z.object({ id: Id, email: z.string(), displayName: z.string(), platformAdmin: z.boolean() }),
    teams: z.array(z.object({ id: Id, name: z.string(), role: z.enum(['member', 'admin']) })),
  })
  .openapi('Me');

export const NewTokenSchema = z.object({ name: cleanText(200).default('') }).openapi('NewToken');
export const TokenSchema = z.object({ id: Id, token: z.string() }).openapi('Token');

export const LiveSchema = z.object({ status: z.literal('ok') }).openapi('Live');

export const HealthSchema = z
  .object({
    status: z.enum(['ok', 'degraded']),
    database: z.enum(['embedded', 'external']),
    model: z.string(),
    instance: z.string(),
    queue: z.object({ waiting: z.number().int(), capacity: z.number().int() }),
    /** The model searches read, the one being moved to, and how far re-embedding is (documents). */
    models: z.object({
      active: z.string(),
      target: z.string(),
      reembedded: z.number().int(),
      total: z.number().int(),
      reembedJobsPending: z.number().int(),
      startedAt: z.string(),
      finishedAt: z.string().nullable(),
    }),
    /** How events reach this instance: LISTEN/NOTIFY, or polling the events table (the embedded database). */
    events: z.enum(['listen', 'poll']),
    /** Searches of the last 15 minutes. */
    searches: z.object({
      count: z.number().int(),
      misses: z.number().int(),
      p50Ms: z.number().nullable(),
      p95Ms: z.number().nullable(),
    }),
  })
  .openapi('Health');

const Email = z
  .email()
  .max(320)
  .transform((e) => e.toLowerCase());
const Role = z.enum(['member', 'admin']);

export const TeamParamSchema = z.object({ teamId: Id.openapi({ param: { name: 'teamId', in: 'path' } }) });
export const MemberParamSchema = TeamParamSchema.extend({
  userId: Id.openapi({ param: { name: 'userId', in: 'path' } }),
});
export const InvitationParamSchema = TeamParamSchema.extend({ id: Id.openapi({ param: { name: 'id', in: 'path' } }) });

export const MemberSchema = z
  .object({ userId: Id, email: z.string(), displayName: z.string(), role: Role, joinedAt: z.string() })
  .openapi('Member');
export const RoleChangeSchema = z.object({ role: Role }).openapi('RoleChange');

export const NewInvitationSchema = z
  .object({
    email: Email,
    role: Role.default('member'),
    /** How long the invitation can be redeemed: a week unless said, at most 30 days. */
    expiresInHours: z
      .number()
      .int()
      .min(1)
      .max(24 * 30)
      .default(24 * 7),
  })
  .openapi('NewInvitation');
export const InvitationSchema = z
  .object({ id: Id, teamId: Id, email: z.string(), role: Role, createdAt: z.string(), expiresAt: z.string() })
  .openapi('Invitation');
export const CreatedInvitationSchema = InvitationSchema.extend({
  /** Shown once: only its SHA-256 is stored. */
  token: z.string(),
}).openapi('CreatedInvitation');

export const RedeemSchema = z
  .object({
    token: z.string().regex(/^twi_[A-Za-z0-9_-]{43}$/, 'not an invitation token'),
    displayName: cleanText(200).default(''),
  })
  .openapi('Redeem');
export const RedeemedSchema = z
  .object({
    userId: Id,
    teamId: Id,
    role: Role,
    /** A first personal access token, when the invitation created the person (shown once). */
    token: z.string().optional(),
  })
  .openapi('Redeemed');

export const ViewLinkRequestSchema = z
  .object({
    /** The uploaded passage a citation points at (SearchHit.citation.passage). */
    passage: z.number().int().min(0).max(100_000).optional(),
    /** The chunk's order in the document (SearchHit.citation.position): marked inside its passage. */
    position: z.number().int().min(0).max(10_000_000).optional(),
  })
  .openapi('ViewLinkRequest');

export const ViewLinkSchema = z
  .object({
    /** The link's secret: open `/v1/view/{token}` on this server (no bearer token needed, five minutes). */
    token: z.string(),
    /** The whole link, on the server's public address, scrolled to the cited passage. */
    url: z.string(),
    expiresAt: z.string(),
  })
  .openapi('ViewLink');

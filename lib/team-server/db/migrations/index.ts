/** Every schema migration, in order. A released migration is never edited: a change is a new one. */
import { migration001 } from './001-scopes-and-documents';
import { migration002 } from './002-search-traces';
import { migration003 } from './003-people';
import { migration004 } from './004-rate-limits';
import { migration005 } from './005-oidc-sign-in';
import { migration006 } from './006-document-views';
import { migration007 } from './007-events-and-reembedding';
import { migration008 } from './008-team-providers';
import { migration009 } from './009-audit-lines';
import { migration010 } from './010-search-speed';
import { migration011 } from './011-token-touch';
import { migration012 } from './012-token-and-bucket';
import { migration013 } from './013-team-vector-indexes';
import { migration014 } from './014-policy-functions-cached';
import { migration015 } from './015-team-text-indexes';
import { migration016 } from './016-chunks-in-their-row';
import { migration017 } from './017-rate-bucket-first';

/** One versioned step of the schema. */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  migration001,
  migration002,
  migration003,
  migration004,
  migration005,
  migration006,
  migration007,
  migration008,
  migration009,
  migration010,
  migration011,
  migration012,
  migration013,
  migration014,
  migration015,
  migration016,
  migration017,
];

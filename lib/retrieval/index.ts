/** Retrieval engine for "Remember what I read": capture policy, chunking, embedding, hybrid index, search, persistence. */
export * from './chunk-text';
export * from './domain-of';
export * from './embedder';
export * from './embedding-cache';
export * from './embedding-cache-db';
export * from './hybrid-index';
export * from './index-persistence';
export * from './make-snippet';
export * from './privacy-policy';
export * from './retrieval-error';
export * from './scrub-secrets';
export * from './search-history';
export * from './select-top-k';
export * from './sparse-index';
export * from './text-fragment-url';
export * from './tokenize-text';
export * from './vector-store';

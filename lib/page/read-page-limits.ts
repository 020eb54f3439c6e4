/** read_page's bounds on maxChars, checked by both sides: the worker's schema and the page's guard. */
export const READ_PAGE_LIMITS = { minChars: 500, maxChars: 200_000 } as const;

/**
 * What an indexed source is, which decides how its citation opens it: a web page at the passage (a text
 * fragment), a PDF at its page (`#page=N`), a file of the user's folder or a file the user attached and chose to
 * keep in the extension's viewer page at the passage (`#passage=…`). Absent means a web page, as every index made
 * before documents.
 */
import { z } from 'zod';

export const sourceKindSchema = z.enum(['page', 'pdf', 'folder', 'attachment']);

export type SourceKind = z.infer<typeof sourceKindSchema>;

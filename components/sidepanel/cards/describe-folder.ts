/** What the folder tools' cards show (list_files, search_files, stat_file, read_file), checked field by field. */
import { fieldsOf, list, num, str } from './card-guards';
import { describeReadPage } from './describe-read-page';
import type {
  ListFilesOutput,
  ReadFileOutput,
  SearchFilesOutput,
  StatFileOutput,
} from '../../../lib/tools/folder/folder-tools';

/** Lines a card shows at most; the rest is counted. */
export const FOLDER_CARD_LINES = 12;

export interface FolderLine {
  /** The file's path (and line, for a match). */
  label: string;
  /** Size, or the matching line. */
  detail: string;
}

export interface FolderView {
  folder: string;
  lines: FolderLine[];
  /** Lines not shown. */
  more: number;
  /** read_file: how the file begins. */
  excerpt?: string;
  partial?: boolean;
}

/** "1.2 MB", "34 KB", "120 B". */
export function formatBytes(bytes: number): string {
  if (bytes >= 1_000_000) return `${Math.round(bytes / 100_000) / 10} MB`;
  if (bytes >= 1_000) return `${Math.round(bytes / 1_000)} KB`;
  return `${bytes} B`;
}

const sizeOf = (v: unknown) => (num(v) === undefined ? '' : formatBytes(num(v)!));

function view(folder: string, lines: FolderLine[]): FolderView {
  return { folder, lines: lines.slice(0, FOLDER_CARD_LINES), more: Math.max(0, lines.length - FOLDER_CARD_LINES) };
}

export function describeFolder(toolName: string, output: unknown): FolderView | undefined {
  const any = fieldsOf<ListFilesOutput | SearchFilesOutput | StatFileOutput | ReadFileOutput>(output);
  const folder = str(any?.folder);
  if (!any || folder === undefined) return undefined;
  switch (toolName) {
    case 'list_files':
      return view(
        folder,
        list(any.entries).flatMap((e) => {
          const f = fieldsOf<ListFilesOutput['entries'][number]>(e);
          const path = str(f?.path);
          return path === undefined
            ? []
            : [{ label: f?.kind === 'directory' ? `${path}/` : path, detail: sizeOf(f?.size) }];
        }),
      );
    case 'search_files':
      return view(
        folder,
        list(any.matches).flatMap((m) => {
          const f = fieldsOf<SearchFilesOutput['matches'][number]>(m);
          const path = str(f?.path);
          return path === undefined ? [] : [{ label: `${path}:${num(f?.line) ?? '?'}`, detail: str(f?.text) ?? '' }];
        }),
      );
    case 'stat_file': {
      const path = str(any.path) ?? '';
      const detail = [str(any.type), sizeOf(any.size), str(any.modified)?.slice(0, 10)].filter(Boolean).join(' · ');
      return view(folder, [{ label: any.kind === 'directory' ? `${path}/` : path, detail }]);
    }
    case 'read_file': {
      const read = describeReadPage(output);
      if (!read) return undefined;
      const path = str(any.path) ?? '';
      return {
        ...view(folder, [{ label: path, detail: [str(any.type), sizeOf(any.size)].filter(Boolean).join(' · ') }]),
        excerpt: read.excerpt,
        partial: read.partial,
      };
    }
    default:
      return undefined;
  }
}

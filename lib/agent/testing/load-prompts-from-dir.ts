/** Node-only: builds the same PromptLibrary Vite's import.meta.glob gives the extension, from the files. */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { PromptLibrary } from '../prompt-library';

/** Reads every .md under `root/prompts`, keyed '/prompts/...'. */
export function loadPromptsFromDir(root: string): PromptLibrary {
  const out: PromptLibrary = {};
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.md')) out[`/${relative(root, p).split(sep).join('/')}`] = readFileSync(p, 'utf8');
    }
  };
  walk(join(root, 'prompts'));
  return out;
}

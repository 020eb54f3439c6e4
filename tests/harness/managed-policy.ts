/**
 * A real Chrome policy for one copy of the built extension: Chromium on Linux reads JSON files in its managed
 * policies folder (Debian's: /etc/chromium/policies/managed), and gives an extension the values under
 * `3rdparty.extensions.<id>` through chrome.storage.managed, checked against its managed_schema.json.
 *
 * The folder is shared by every Chromium on the machine, so each test gets its own copy of the extension (its own
 * unpacked path, hence its own id), one file named for that id, holding nothing but that id's 3rdparty section,
 * removed in teardown (and at exit, if the process dies first). Chromium watches the folder and loads a changed
 * file once it has been still for about 5 s, so `write` while the browser runs changes the policy live.
 */
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, realpathSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { extensionDir } from './launch-extension';

export const MANAGED_POLICY_DIR = process.env.TABWISE_POLICY_DIR ?? '/etc/chromium/policies/managed';

/** The id Chromium gives an unpacked extension: the first 32 hex digits of SHA-256 of its absolute path, as a–p. */
export function unpackedExtensionId(dir: string): string {
  const hex = createHash('sha256').update(realpathSync(dir)).digest('hex').slice(0, 32);
  return [...hex].map((c) => String.fromCharCode(97 + parseInt(c, 16))).join('');
}

export interface ManagedExtension {
  /** The copy of the extension to load. */
  dir: string;
  /** Its id, which the policy file names. */
  id: string;
  /** The policy file (only this extension's 3rdparty section). */
  file: string;
  /** Replaces the extension's policy (atomically: Chromium never reads half a file). */
  write(values: Record<string, unknown>): void;
  /** Removes the policy file and the copy. */
  remove(): void;
}

const live = new Set<ManagedExtension>();
process.once('exit', () => {
  for (const m of live) m.remove();
});

/** Copies the built extension, writes its policy, and returns the handle; call `remove` in teardown. */
export function prepareManagedExtension(values: Record<string, unknown>): ManagedExtension {
  const root = mkdtempSync(join(tmpdir(), 'tabwise-policy-'));
  const dir = join(root, 'ext');
  cpSync(extensionDir, dir, { recursive: true });
  const id = unpackedExtensionId(dir);
  mkdirSync(MANAGED_POLICY_DIR, { recursive: true });
  const file = join(MANAGED_POLICY_DIR, `tabwise-e2e-${id}.json`);
  const managed: ManagedExtension = {
    dir,
    id,
    file,
    write(next) {
      const tmp = join(root, 'policy.json');
      writeFileSync(tmp, JSON.stringify({ '3rdparty': { extensions: { [id]: next } } }));
      // Written beside the copy, then moved in: one rename, on one filesystem when /tmp and /etc are on one.
      try {
        renameSync(tmp, file);
      } catch {
        writeFileSync(file, JSON.stringify({ '3rdparty': { extensions: { [id]: next } } }));
      }
    },
    remove() {
      live.delete(managed);
      rmSync(file, { force: true });
      rmSync(root, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    },
  };
  live.add(managed);
  managed.write(values);
  return managed;
}

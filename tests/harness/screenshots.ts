/**
 * `npm run screenshots`: rebuilds the extension if its sources are newer than the build, then takes the
 * README's screenshots (tests/harness/screenshot-scenes.ts) into tests/screenshots/.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { extensionDir } from './launch-extension';
import { FIXED_PORTS, takeScreenshots } from './screenshot-scenes';

const SOURCES = ['entrypoints', 'lib', 'components', 'prompts', 'public', 'wxt.config.ts', 'package.json'];

/** The newest modification time of a file or of any file under a folder. */
function newest(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newest(join(path, name))), stat.mtimeMs);
}

const manifest = join(extensionDir, 'manifest.json');
const stale = !existsSync(manifest) || SOURCES.filter(existsSync).some((s) => newest(s) > statSync(manifest).mtimeMs);
if (stale) {
  console.log('The build is older than the sources: building…');
  execFileSync('npx', ['wxt', 'build'], { stdio: 'inherit' });
}
const written = await takeScreenshots(resolve('tests/screenshots'), FIXED_PORTS);
for (const file of Object.values(written)) console.log(`wrote ${file}`);

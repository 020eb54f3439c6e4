/** A skill: a named playbook the model can load on demand; only name and description sit in the prompt. */
export interface Skill {
  name: string;
  description: string;
  body: string;
  source: 'bundled' | 'user';
}

/**
 * Parses `---\nname: x\ndescription: y\n---\nbody`. Only flat `key: value` lines are read, which is all
 * SKILL.md frontmatter needs; a YAML parser would be dead weight in the worker.
 */
export function parseSkill(text: string, source: Skill['source'] = 'bundled'): Skill {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(text);
  if (!match) throw new Error('Skill has no frontmatter (--- name/description ---)');
  const fields = new Map<string, string>();
  for (const line of (match[1] ?? '').split(/\r?\n/)) {
    const kv = /^([A-Za-z_-]+)\s*:\s*(.*)$/.exec(line);
    if (kv) fields.set(kv[1]!.toLowerCase(), kv[2]!.trim().replace(/^(['"])(.*)\1$/, '$2'));
  }
  const name = fields.get('name');
  const description = fields.get('description');
  if (!name || !description) throw new Error('Skill frontmatter needs both name and description');
  return { name, description, body: (match[2] ?? '').trim(), source };
}

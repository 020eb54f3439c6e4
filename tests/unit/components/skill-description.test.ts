import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BUILTIN_SKILL_DESCRIPTIONS, skillDescription } from '../../../components/options/skill-description';
import { useLocale } from '../../harness/locale-messages';

const bundled = readdirSync('prompts/skills');
const frontMatterDescription = (name: string) =>
  /^description:\s*(.+)$/m.exec(readFileSync(`prompts/skills/${name}/SKILL.md`, 'utf8'))?.[1]?.trim();

describe('skill descriptions in Settings', () => {
  it('every bundled skill has a translated description, whose English is its SKILL.md description', () => {
    expect(Object.keys(BUILTIN_SKILL_DESCRIPTIONS).sort()).toEqual([...bundled].sort());
    for (const name of bundled)
      expect(skillDescription({ name, source: 'bundled', description: 'x' })).toBe(frontMatterDescription(name));
  });

  it("a built-in skill reads in the user's language; the user's own skill as they wrote it", () => {
    useLocale('ja');
    expect(
      skillDescription({ name: 'summarise-page', source: 'bundled', description: 'Summarise the current page' }),
    ).toMatch(/要約/);
    expect(skillDescription({ name: 'summarise-page', source: 'user', description: 'My own words' })).toBe(
      'My own words',
    );
  });
});

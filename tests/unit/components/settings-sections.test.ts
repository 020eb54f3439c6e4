import { describe, expect, it } from 'vitest';
import { SETTINGS_SECTIONS, sectionOfHash } from '../../../components/options/settings-sections';

describe('settings sections', () => {
  it('are the fifteen the page links to, in order', () => {
    expect(SETTINGS_SECTIONS.map((s) => s.title)).toEqual([
      'Models',
      'Assistant',
      'Skills',
      'Tasks',
      'Tools',
      'Permissions',
      'Memories',
      'Remember what I read',
      'Web search',
      'Team',
      'Documents',
      'Performance',
      'Activity',
      'Privacy & data',
      'About',
    ]);
  });
  it('a hash names a section; the onboarding hash and unknown ones name none', () => {
    expect(sectionOfHash('#performance')).toBe('performance');
    expect(sectionOfHash('privacy')).toBe('privacy');
    expect(sectionOfHash('#onboarding')).toBeUndefined();
    expect(sectionOfHash('')).toBeUndefined();
    expect(sectionOfHash('#constructor')).toBeUndefined();
  });
});

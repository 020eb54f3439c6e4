import { useEffect, useState } from 'preact/hooks';
import { SETTINGS_SECTIONS, sectionOfHash } from './settings-sections';
import { t } from '../ui/t';

/**
 * The section links. Plain anchors: the hash is the state, so a link from the panel (options.html#memories)
 * or a bookmark lands on its section, and Back goes to the previous one.
 */
export function SettingsNav({ ready }: { ready: boolean }) {
  const [current, setCurrent] = useState(() => sectionOfHash(location.hash));
  useEffect(() => {
    const follow = () => setCurrent(sectionOfHash(location.hash));
    addEventListener('hashchange', follow);
    return () => removeEventListener('hashchange', follow);
  }, []);
  // The sections render after the first reply from the background: the browser's own jump to the hash came too early.
  useEffect(() => {
    if (ready && current) document.getElementById(current)?.scrollIntoView();
  }, [ready, current]);
  return (
    <nav class="settings-nav" aria-label={t('settings_nav_label')}>
      <ul>
        {SETTINGS_SECTIONS.map((s) => (
          <li key={s.id}>
            <a href={`#${s.id}`} aria-current={current === s.id ? 'location' : undefined}>
              {s.title}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

import { useEffect, useState } from 'preact/hooks';

/** The page's location hash, kept current as links and Back change it. */
export function useLocationHash(): string {
  const [hash, setHash] = useState(location.hash);
  useEffect(() => {
    const follow = () => setHash(location.hash);
    addEventListener('hashchange', follow);
    // The hash may have changed between the first render and now (a navigation to #section while the page was
    // starting), with its hashchange fired before anyone listened.
    follow();
    return () => removeEventListener('hashchange', follow);
  }, []);
  return hash;
}

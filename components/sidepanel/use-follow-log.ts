/**
 * The conversation follows what is written while the user is at its bottom, and stops while they read
 * further up (then "Jump to latest" is offered). Sending a message, or deciding on a card, brings the view
 * back to the bottom: what was sent is always in sight, however tall the card above it.
 */
import type { RefObject } from 'preact';
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';

/** Closer than this to the end counts as being at the bottom (a rounding of the scroll position, a last line). */
const AT_BOTTOM_PX = 32;

export function useFollowLog(log: RefObject<HTMLElement | null>, lastSent: string | undefined) {
  /** Whether the view follows: changed only by the user's scrolling (and by sending), never by new output. */
  const following = useRef(true);
  const [away, setAway] = useState(false);

  const toBottom = useCallback(() => {
    const el = log.current;
    if (!el) return;
    following.current = true;
    el.scrollTop = el.scrollHeight;
    setAway(false);
  }, [log]);

  useEffect(() => {
    const el = log.current;
    if (!el) return;
    const onScroll = () => {
      const at = el.scrollHeight - el.scrollTop - el.clientHeight < AT_BOTTOM_PX;
      following.current = at;
      setAway(!at);
    };
    // Output grows the log without any scroll event: follow it while following.
    const follow = () => {
      if (following.current) el.scrollTop = el.scrollHeight;
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    const mutations = new MutationObserver(follow);
    mutations.observe(el, { childList: true, subtree: true, characterData: true, attributeFilter: ['open'] });
    // The log itself shrinks when the footer grows (a chip, a longer draft).
    const sizes = new ResizeObserver(follow);
    sizes.observe(el);
    return () => {
      el.removeEventListener('scroll', onScroll);
      mutations.disconnect();
      sizes.disconnect();
    };
  }, [log]);

  // A message the user sent (or a conversation opened): to the bottom, and follow from there.
  useEffect(() => {
    if (lastSent !== undefined) toBottom();
  }, [lastSent, toBottom]);

  return { away, toBottom };
}

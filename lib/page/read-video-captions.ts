/**
 * The transcript of a page's videos, from their captions or subtitles tracks (WebVTT): each cue as its start time
 * and text, the time a link to the video file at that moment (`#t=SECONDS`, the Media Fragments form Chrome seeks
 * to), so a citation opens the video where it was said. The track is loaded the way the page's own player loads it
 * (its mode set to "hidden", so nothing is drawn over the video): the page's request, under the page's own rules.
 */
import { stripInvisibleChars, type InvisibleCharCount } from './strip-invisible-chars';

export const CAPTION_LIMITS = { maxVideos: 5, maxChars: 30_000, loadMs: 3_000 };

const CAPTION_KINDS = new Set(['captions', 'subtitles']);

/** `h:mm:ss` or `m:ss`, as players show a time. */
export function formatCueTime(seconds: number): string {
  const s = Math.floor(seconds);
  const [h, m, sec] = [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60];
  const two = (n: number) => String(n).padStart(2, '0');
  return h ? `${h}:${two(m)}:${two(sec)}` : `${m}:${two(sec)}`;
}

/** A cue's text as read: WebVTT's voice, class and timestamp tags dropped, its few entities decoded, one line. */
export function cueText(raw: string): string {
  return raw
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The track a person would get with captions on: the default one, else one in the page's language, else the first. */
function pickTrack(video: HTMLVideoElement, lang: string): HTMLTrackElement | undefined {
  const tracks = [...video.querySelectorAll('track')].filter((t) => CAPTION_KINDS.has(t.track?.kind ?? t.kind));
  const base = lang.split('-')[0]!.toLowerCase();
  return (
    tracks.find((t) => t.default) ??
    tracks.find((t) => base && t.srclang.toLowerCase().split('-')[0] === base) ??
    tracks[0]
  );
}

/** Resolves once the track's cues are loaded (or it failed, or `ms` passed). */
function loaded(el: HTMLTrackElement, ms: number): Promise<void> {
  if (el.readyState === HTMLTrackElement.LOADED || el.readyState === HTMLTrackElement.ERROR) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      el.removeEventListener('load', done);
      el.removeEventListener('error', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    el.addEventListener('load', done);
    el.addEventListener('error', done);
  });
}

/** The address a cue's link opens: the video file at `seconds`, when the video has an address of its own. */
function seekUrl(video: HTMLVideoElement, seconds: number): string | undefined {
  const src = video.currentSrc || video.src || video.querySelector('source')?.src || '';
  if (!/^https?:/i.test(src)) return undefined;
  return `${src.split('#')[0]}#t=${Math.floor(seconds * 10) / 10}`;
}

/**
 * The transcripts of the videos in `doc` that have a captions or subtitles track, as Markdown the model can cite,
 * or undefined when there are none. Bounded: at most CAPTION_LIMITS.maxVideos videos and maxChars characters.
 */
export async function readVideoCaptions(doc: Document, count: InvisibleCharCount): Promise<string | undefined> {
  const videos = [...doc.querySelectorAll('video')].slice(0, CAPTION_LIMITS.maxVideos);
  const picked = videos.flatMap((video) => {
    const el = pickTrack(video, doc.documentElement.lang);
    return el?.track ? [{ video, el, track: el.track }] : [];
  });
  if (!picked.length) return undefined;
  // Loaded as a player loads captions, without drawing them; put back as they were once read.
  const modes = picked.map(({ track }) => track.mode);
  for (const { track } of picked) if (track.mode === 'disabled') track.mode = 'hidden';
  await Promise.all(picked.map(({ el }) => loaded(el, CAPTION_LIMITS.loadMs)));
  const parts: string[] = [];
  picked.forEach(({ video, el, track }, i) => {
    const cues = [...(track.cues ?? [])] as VTTCue[];
    track.mode = modes[i]!;
    const name = stripInvisibleChars(el.label || video.title || video.getAttribute('aria-label') || '', count).trim();
    const head = `### Transcript of ${name ? `the video "${name}"` : `video ${i + 1}`} (${track.kind}${el.srclang ? `, ${el.srclang}` : ''})`;
    if (!cues.length) {
      parts.push(`${head}\n(Its captions could not be loaded.)`);
      return;
    }
    const lines = cues.flatMap((cue) => {
      const text = stripInvisibleChars(cueText(cue.text ?? ''), count);
      if (!text) return [];
      const time = formatCueTime(cue.startTime);
      const url = seekUrl(video, cue.startTime);
      return [`[${url ? `[${time}](${url})` : time}] ${text}`];
    });
    parts.push(`${head}\n${lines.join('\n')}`);
  });
  const text = parts.join('\n\n');
  return text.length > CAPTION_LIMITS.maxChars
    ? `${text.slice(0, CAPTION_LIMITS.maxChars)}\n(The transcript is longer: only its first ${CAPTION_LIMITS.maxChars} characters are here.)`
    : text;
}

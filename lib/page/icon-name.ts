/**
 * The name a person reads off an icon-only control: an SVG <title>, an icon-font ligature ("mark_email_unread"
 * drawn as one glyph), or, as a last resort, a telling class name ("fa-trash", "icon-star"), which is a guess
 * and said to be one. The control's aria-label and title come first (the accessible name and elementName).
 */

/** Words of class names that say "this is an icon" or style it, not what it does. */
const NOISE = new Set(
  (
    'icon icons ico fa fas far fab fal fad fa-solid fa-regular bi mdi material symbols outlined rounded sharp glyph ' +
    'glyphicon ti ri ion ionicon feather lucide svg btn button tb tool toolbar action actions ui hand item link lg sm ' +
    'xs md xl fw fixed width small large primary secondary default active hover focus inline flex round circle ' +
    'state corner all left right top bottom'
  ).split(' '),
);
const ICON_CLASS = /(^|[-_ ])(icons?|material|symbols?|fa|fas|far|bi|mdi|glyphicon)([-_ ]|$)/i;
const LIGATURE = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/;

export interface IconName {
  name: string;
  /** True when the name was read off a class name: a guess, said so to the model. */
  guessed?: true;
}

/** Whether `el` shows only an icon: no text a person reads as words, but an SVG, an image or an icon-font glyph. */
export function isIconOnly(el: Element): boolean {
  const text = (el.textContent ?? '').trim();
  if (text && !(LIGATURE.test(text) && hasIconClass(el))) return false;
  return (
    !!text ||
    !!el.querySelector('svg, img, i, [class*="icon"]') ||
    el.tagName === 'I' ||
    hasIconClass(el) ||
    el.tagName.toLowerCase() === 'svg'
  );
}

const hasIconClass = (el: Element): boolean =>
  ICON_CLASS.test(el.getAttribute('class') ?? '') ||
  Array.from(el.querySelectorAll('[class]')).some((c) => ICON_CLASS.test(c.getAttribute('class') ?? ''));

/** The icon's name, or undefined when nothing about it tells. */
export function iconName(el: Element): IconName | undefined {
  const svgTitle = el.querySelector('svg > title')?.textContent?.replace(/\s+/g, ' ').trim();
  if (svgTitle) return { name: svgTitle };
  const text = (el.textContent ?? '').trim();
  if (text && LIGATURE.test(text) && hasIconClass(el)) return { name: text.replace(/_/g, ' ') };
  for (const c of [el, ...Array.from(el.querySelectorAll('[class]'))]) {
    const word = tellingWord(c.getAttribute('class') ?? '');
    if (word) return { name: word, guessed: true };
  }
  return undefined;
}

/** The word a class list says the icon is ("fa-solid fa-trash-can" → "trash can"), or undefined. */
function tellingWord(classes: string): string | undefined {
  for (const token of classes.split(/\s+/)) {
    if (!/[-_]/.test(token)) continue;
    const words = token
      .toLowerCase()
      .split(/[-_]+/)
      .filter((w) => w && !NOISE.has(w) && !/^\d/.test(w));
    if (words.length && words.join('').length >= 3) return words.join(' ');
  }
  return undefined;
}

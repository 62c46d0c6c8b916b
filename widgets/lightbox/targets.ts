/**
 * Reading the page's links into lightbox items: which group a link belongs to, its type, title, caption and
 * options. Plain DOM reads, in the small trigger chunk (no PhotoSwipe here).
 */
import { warnOnce } from '../../src/log';
import {
  captionAndTitle,
  GROUP_SELECTOR,
  itemType,
  knownStatedType,
  mediaType,
  NO_LIGHTBOX_CLASS,
  parseItemOptions,
  POST_IMAGE_SELECTOR,
  POST_IMAGES_GROUP,
  SINGLE_SELECTOR,
  TARGET_SELECTOR,
  thumbnailSource,
  WIDGET,
  type ItemOptions,
  type ItemType,
  type Settings,
} from './logic';

export interface LightboxItem {
  type: ItemType;
  /** The link's URL as printed (an in-page `#id` for inline items). */
  href: string;
  title: string;
  caption: string;
  options: ItemOptions;
  /** Printed image size, when the link wraps an image that carries one (PhotoSwipe needs a size to start). */
  width: number;
  height: number;
  /** The thumbnail's image URL (see `thumbnailSource`), or null: the thumbnail shows the item's kind. */
  thumb: string | null;
}

const relOf = (el: Element) => el.getAttribute('data-rel') ?? el.getAttribute('rel') ?? '';

/** The group name (the full attribute value), or null for a single. */
export function groupOf(link: Element, settings: Settings): string | null {
  if (link.matches(GROUP_SELECTOR)) return settings.lightbox_gallery ? relOf(link) : null;
  if (!link.matches(SINGLE_SELECTOR) && isPostImage(link, settings)) return settings.lightbox_gallery ? POST_IMAGES_GROUP : null;
  return null;
}

export function isPostImage(link: Element, settings: Settings): boolean {
  return (
    settings.lightbox_post_images &&
    link.matches(POST_IMAGE_SELECTOR) &&
    link.querySelector('img') !== null &&
    !link.matches(TARGET_SELECTOR) &&
    mediaType(link.getAttribute('href') ?? '', document.baseURI) !== null
  );
}

/** A target the theme marked, or a post image: what a click may open. */
export function isCandidate(link: Element, settings: Settings): boolean {
  return !link.classList.contains(NO_LIGHTBOX_CLASS) && (link.matches(TARGET_SELECTOR) || isPostImage(link, settings));
}

function statedType(link: Element): string | null {
  const stated = link.getAttribute('data-type');
  if (stated !== null && stated.trim() && !knownStatedType(stated)) {
    warnOnce(WIDGET, 'data-type', `unknown item type ${JSON.stringify(stated)}; the link's URL decides`);
    return null;
  }
  return stated;
}

export function typeOf(link: Element): ItemType | null {
  const href = link.getAttribute('href') ?? '';
  // Only what the theme marked may state a type or point in-page; a post image qualifies by its media URL alone.
  if (!link.matches(TARGET_SELECTOR)) return mediaType(href, document.baseURI);
  return itemType(href, statedType(link), document.baseURI);
}

/** One link as an item, or null when it does not qualify. */
export function readItem(link: Element): LightboxItem | null {
  const type = typeOf(link);
  if (!type) return null;
  const img = link.querySelector('img');
  const figure = link.closest('.gallery-item, figure, .wp-caption');
  const { title, caption } = captionAndTitle({
    dataTitle: link.getAttribute('data-title'),
    dataCaption: link.getAttribute('data-caption'),
    titleAttr: link.getAttribute('title'),
    galleryCaption: figure?.querySelector('.gallery-caption, figcaption, .wp-caption-text')?.textContent,
    imageAlt: img?.getAttribute('alt'),
  });
  let options: ItemOptions = {};
  const printed = link.getAttribute('data-options');
  if (printed !== null) {
    const parsed = parseItemOptions(printed);
    if (parsed) options = parsed;
    else warnOnce(WIDGET, 'data-options', `cannot read ${JSON.stringify(printed)}; using the defaults`);
  }
  const href = link.getAttribute('href') ?? '';
  const thumb = thumbnailSource({ type, href, options }, img?.getAttribute('data-orig-src') ?? img?.getAttribute('src'));
  return { type, href, title, caption, options, width: 0, height: 0, thumb };
}

/**
 * The target rule: a target whose URL is not media gets `fusion-no-lightbox` and loses `data-rel`, so the theme's
 * CSS and other scripts treat it as the plain link it is.
 */
export function applyTargetRule(link: Element): boolean {
  if (!link.matches(TARGET_SELECTOR) || link.classList.contains(NO_LIGHTBOX_CLASS)) return false;
  if (typeOf(link)) return true;
  link.classList.add(NO_LIGHTBOX_CLASS);
  link.removeAttribute('data-rel');
  return false;
}

/** The links of one group in document order (qualifying ones only), or just the link for a single. */
export function groupLinks(link: Element, settings: Settings): Element[] {
  const group = groupOf(link, settings);
  if (group === null) return [link];
  const all =
    group === POST_IMAGES_GROUP
      ? Array.from(document.querySelectorAll(POST_IMAGE_SELECTOR)).filter((l) => isPostImage(l, settings))
      : Array.from(document.querySelectorAll(GROUP_SELECTOR)).filter((l) => relOf(l) === group);
  return all.filter((l) => !l.classList.contains(NO_LIGHTBOX_CLASS) && typeOf(l));
}

/** Every link of the named group (for a deep link), in document order. */
export function linksOfGroup(group: string, settings: Settings): Element[] {
  if (!settings.lightbox_gallery) return [];
  const first =
    group === POST_IMAGES_GROUP
      ? Array.from(document.querySelectorAll(POST_IMAGE_SELECTOR)).find((l) => isPostImage(l, settings))
      : Array.from(document.querySelectorAll(GROUP_SELECTOR)).find((l) => relOf(l) === group);
  return first ? groupLinks(first, settings) : [];
}

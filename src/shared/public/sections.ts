/**
 * The public pages are built from numbered message ids: a page shows section 1, 2, 3… and stops at the
 * first number that has no title (spec 01 §2). Within a section, paragraphs and list items are read the
 * same way. Working on ids keeps the rule independent of i18next and lets a test drive it with a plain
 * dictionary.
 */

/** Whether a message id has a text in the current language. */
export type HasText = (id: string) => boolean;

export interface SectionIds {
  /** The section's id prefix, e.g. `public.privacy.sections.2`. */
  id: string;
  title: string;
  text?: string;
  paragraphs: string[];
  items: string[];
}

/** `${prefix}.1`, `${prefix}.2`, … for as long as `exists` says so, at most `max`. */
export function numberedIds(prefix: string, has: (id: string) => boolean, max = 100): string[] {
  const ids: string[] = [];
  for (let n = 1; n <= max && has(`${prefix}.${n}`); n++) ids.push(`${prefix}.${n}`);
  return ids;
}

/** The sections under `prefix` (`prefix.N.title`, `.text`, `.paragraphs.M`, `.items.K`), read until a title is missing. */
export function readSections(prefix: string, has: HasText, max = 100): SectionIds[] {
  return numberedIds(prefix, (id) => has(`${id}.title`), max).map((id) => readSection(id, has));
}

/** One section by its id prefix; its text, paragraphs and items are optional. */
export function readSection(id: string, has: HasText): SectionIds {
  return {
    id,
    title: `${id}.title`,
    text: has(`${id}.text`) ? `${id}.text` : undefined,
    paragraphs: numberedIds(`${id}.paragraphs`, has),
    items: numberedIds(`${id}.items`, has),
  };
}

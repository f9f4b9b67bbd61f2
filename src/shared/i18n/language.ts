import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from "../account/constants.ts";

/**
 * Which language a page opens in (ADR 027). Kept apart from the dictionaries so the first page load, and
 * the server's mail links, can use it without them.
 */

/** The query parameter with which a link names the language of the page it opens (`?lang=en`). */
export const LANGUAGE_PARAM = "lang";

/** The language a person's stored choice names: one of ours, Swedish for anything else (a mail's language). */
export const storedLanguage = (value: string | null | undefined): Language => asKnownLanguage(value) ?? DEFAULT_LANGUAGE;

/** One of the product's languages, or null for anything else (a missing or made-up `?lang=`). */
export function asKnownLanguage(value: string | null | undefined): Language | null {
  return (LANGUAGES as readonly string[]).includes(value ?? "") ? (value as Language) : null;
}

/**
 * The language of a browser that asks for `languages` (navigator.languages, most wanted first): English
 * when the first of them that is English or a Scandinavian language is English, Swedish otherwise. A
 * Norwegian or Danish reader reads Swedish before English; any other language falls back to Swedish, the
 * product's own.
 */
export function browserLanguage(languages: readonly string[]): Language {
  for (const tag of languages) {
    const primary = tag.toLowerCase().split(/[-_]/)[0];
    if (primary === "en") return "en";
    if (["sv", "nb", "nn", "no", "da"].includes(primary)) return "sv";
  }
  return DEFAULT_LANGUAGE;
}

export interface LanguageSources {
  /** The language the page's link names (`?lang=`): the language of the mail it came in. */
  link?: string | null;
  /** The language this browser keeps: the person's own choice, or their account's. */
  kept?: string | null;
  /** The browser's languages, for a page that follows them (the pages reached through a link). */
  browser?: readonly string[] | null;
}

/**
 * A page opens in the language its link names, else in the one the browser keeps, else — on a page that
 * follows the browser — in the browser's, else in Swedish.
 */
export function openingLanguage({ link, kept, browser }: LanguageSources): Language {
  return asKnownLanguage(link) ?? asKnownLanguage(kept) ?? (browser ? browserLanguage(browser) : DEFAULT_LANGUAGE);
}

/** A link to one of the product's pages that opens it in `language`: how a mail's links carry its language. */
export function withLanguage(url: URL, language: Language): URL {
  const copy = new URL(url);
  copy.searchParams.set(LANGUAGE_PARAM, language);
  return copy;
}

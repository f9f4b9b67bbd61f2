import i18next, { type BackendModule } from "i18next";
import { initReactI18next } from "react-i18next";
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from "#shared/account/constants";
import { bundledResources, lazyResources } from "#shared/i18n/bundles";
import { asKnownLanguage, LANGUAGE_PARAM, openingLanguage } from "#shared/i18n/language";
import { isLinkPage } from "#shared/link-pages";

/** The language this browser keeps: the person's last choice, or their account's. */
const STORAGE_KEY = "bemanna.language";
/** A choice made while signed out, which the next sign-in carries to the account (ADR 027). */
const CHOSEN_KEY = "bemanna.languageChosen";

const storage = () => (typeof localStorage !== "undefined" ? localStorage : null);

/**
 * The language the app opens in: the one its link names (`?lang=`, a mail's), else the one kept in this
 * browser, else on a page reached through a link the browser's own, else Swedish.
 */
function initialLanguage(): Language {
  if (typeof location === "undefined") return DEFAULT_LANGUAGE;
  return openingLanguage({
    link: new URLSearchParams(location.search).get(LANGUAGE_PARAM),
    kept: storage()?.getItem(STORAGE_KEY),
    browser: isLinkPage(location.pathname) ? navigator.languages : null,
  });
}

/** Shows the app in `lang` and keeps it in this browser. */
export function setLanguage(lang: Language) {
  storage()?.setItem(STORAGE_KEY, lang);
  void i18next.changeLanguage(lang);
}

/**
 * The person chooses a language. Signed in, the caller keeps it on the account; signed out, it is also
 * noted as a choice, which the next sign-in carries to the account instead of the account's language
 * replacing it.
 */
export function chooseLanguage(lang: Language, signedIn: boolean) {
  setLanguage(lang);
  if (signedIn) storage()?.removeItem(CHOSEN_KEY);
  else storage()?.setItem(CHOSEN_KEY, lang);
}

/** The language chosen while signed out, if any, taken for a sign-in: it is asked for once. */
export function takeChosenLanguage(): Language | null {
  const chosen = asKnownLanguage(storage()?.getItem(CHOSEN_KEY));
  storage()?.removeItem(CHOSEN_KEY);
  return chosen;
}

export function currentLanguage(): Language {
  const lang = i18next.resolvedLanguage ?? i18next.language;
  return (LANGUAGES as readonly string[]).includes(lang) ? (lang as Language) : DEFAULT_LANGUAGE;
}

type LazyArea = keyof typeof lazyResources;

/** Loads an on-demand area (e.g. the public page texts) as its own namespace, one language at a time. */
const lazyAreas: BackendModule = {
  type: "backend",
  init() {},
  read(lang, namespace, callback) {
    const load = lazyResources[namespace as LazyArea]?.[lang as Language];
    if (!load) return callback(null, {});
    load().then(
      (module) => callback(null, module.default),
      (err: Error) => callback(err, false),
    );
  },
};

/**
 * Loads the texts of an on-demand area in the current language; routes await it before they render.
 * Unlike `loadNamespaces`, it does not fetch the fallback language as well: every id exists in both
 * languages (a unit test checks it), so an English visitor need not download the Swedish texts. The area
 * joins `ns`, so a language change loads it for the new language before it takes effect.
 */
export function loadArea(area: LazyArea): Promise<void> {
  const namespaces = i18next.options.ns as string[];
  if (!namespaces.includes(area)) namespaces.push(area);
  const lang = currentLanguage();
  if (i18next.hasResourceBundle(lang, area)) return Promise.resolve();
  return new Promise((resolve) => i18next.services.backendConnector.load([lang], [area], () => resolve()));
}

const initial = initialLanguage();

void i18next
  .use(initReactI18next)
  .use(lazyAreas)
  .init({
    resources: { sv: { translation: bundledResources.sv }, en: { translation: bundledResources.en } },
    partialBundledLanguages: true,
    ns: ["translation"],
    defaultNS: "translation",
    // Ids keep their full dotted form (`public.faq…`) whichever namespace holds them.
    fallbackNS: Object.keys(lazyResources),
    lng: initial,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    interpolation: { escapeValue: false },
    returnNull: false,
  });

i18next.on("languageChanged", (lang) => {
  if (lang !== "cimode") document.documentElement.lang = lang;
});
document.documentElement.lang = initial;

/** Shift+Alt+Ctrl together toggles showing raw message ids instead of texts (spec 01 §2, Shell). */
let beforeRaw: Language | null = null;
export function toggleRawKeys() {
  if (beforeRaw) {
    void i18next.changeLanguage(beforeRaw);
    beforeRaw = null;
  } else {
    beforeRaw = currentLanguage();
    void i18next.changeLanguage("cimode");
  }
}

export default i18next;

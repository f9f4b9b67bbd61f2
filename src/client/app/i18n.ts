import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from "#shared/account/schema";
import { resources } from "#shared/i18n/index";

const STORAGE_KEY = "bemanna.language";

export function storedLanguage(): Language {
  const stored = typeof localStorage !== "undefined" ? localStorage.getItem(STORAGE_KEY) : null;
  return (LANGUAGES as readonly string[]).includes(stored ?? "") ? (stored as Language) : DEFAULT_LANGUAGE;
}

export function setLanguage(lang: Language) {
  localStorage.setItem(STORAGE_KEY, lang);
  void i18next.changeLanguage(lang);
}

export function currentLanguage(): Language {
  const lang = i18next.resolvedLanguage ?? i18next.language;
  return (LANGUAGES as readonly string[]).includes(lang) ? (lang as Language) : DEFAULT_LANGUAGE;
}

void i18next.use(initReactI18next).init({
  resources: { sv: { translation: resources.sv }, en: { translation: resources.en } },
  lng: storedLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
  returnNull: false,
});

i18next.on("languageChanged", (lang) => {
  if (lang !== "cimode") document.documentElement.lang = lang;
});
document.documentElement.lang = storedLanguage();

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

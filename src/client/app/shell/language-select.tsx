import { useTranslation } from "react-i18next";
import { LANGUAGES, type Language } from "#shared/account/constants";
import { keepLanguage, useAuth } from "../auth.tsx";
import { chooseLanguage, currentLanguage } from "../i18n.ts";
import classes from "./shell.module.css";

/**
 * The language chooser, in the header and wherever a page covers it (the sign-up link's consent dialog).
 * Signed in, the choice is kept on the account too, so mail comes in the same language; signed out, the
 * next sign-in carries it there.
 */
export function LanguageSelect({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const { user, setUser } = useAuth();

  const choose = (lang: Language) => {
    chooseLanguage(lang, user !== null);
    if (user)
      keepLanguage(user, lang)
        .then(setUser)
        .catch(() => {});
  };

  // A plain select styled like Mantine's: its Input machinery would otherwise weigh on every first load.
  return (
    <select
      aria-label={t("shell.language")}
      value={i18n.language === "cimode" ? currentLanguage() : i18n.language}
      onChange={(e) => choose(e.currentTarget.value as Language)}
      className={className ? `${classes.languageSelect} ${className}` : classes.languageSelect}
    >
      {LANGUAGES.map((l) => (
        <option key={l} value={l} lang={l}>
          {t(`languages.${l}`)}
        </option>
      ))}
    </select>
  );
}

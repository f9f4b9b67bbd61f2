import { Text, VisuallyHidden } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { passwordRules } from "#shared/validation";
import classes from "./account.module.css";

/** The live checklist of the password rules (spec 01 §5); each rule says in words whether it is met. */
export function PasswordChecklist({ password, id }: { password: string; id: string }) {
  const { t } = useTranslation();
  return (
    <div id={id}>
      <Text size="sm" fw={600} mb={6} id={`${id}-title`}>
        {t("account.passwordRules.title")}
      </Text>
      <ul className={classes.ruleList} aria-labelledby={`${id}-title`}>
        {passwordRules.map((rule) => {
          const met = rule.test(password);
          return (
            <li key={rule.id} className={`${classes.rule} ${met ? classes.ruleMet : ""}`} data-met={met}>
              <span className={classes.ruleMark} aria-hidden="true">
                {met ? "✓" : ""}
              </span>
              <span>
                {t(rule.id)}
                <VisuallyHidden> ({t(met ? "account.passwordRules.met" : "account.passwordRules.unmet")})</VisuallyHidden>
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

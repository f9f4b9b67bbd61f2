import { Stepper } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useTranslation } from "react-i18next";

interface Props {
  /** Message ids of the step names. */
  steps: string[];
  active: number;
  /** Earlier steps are clickable, later ones are not (spec 01 §2). */
  onStepClick(index: number): void;
}

/** The wizards' progress bar. */
export function ProgressSteps({ steps, active, onStepClick }: Props) {
  const { t } = useTranslation();
  const narrow = useMediaQuery("(max-width: 575px)");
  return (
    <nav aria-label={t("events.steps.label")}>
      <Stepper
        active={active}
        onStepClick={(i) => i < active && onStepClick(i)}
        size="sm"
        orientation={narrow ? "vertical" : "horizontal"}
        my="lg"
      >
        {steps.map((id, i) => (
          <Stepper.Step
            key={id}
            label={t(id)}
            allowStepClick={i < active}
            allowStepSelect={i < active}
            aria-current={i === active ? "step" : undefined}
          />
        ))}
      </Stepper>
    </nav>
  );
}

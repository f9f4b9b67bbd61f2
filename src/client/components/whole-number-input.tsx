import { NumberInput, type NumberInputProps } from "@mantine/core";
import classes from "./whole-number-input.module.css";

/** A required count or amount: whole numbers from 0 up, no decimals and no minus sign to type. */
export function WholeNumberInput(props: NumberInputProps) {
  return (
    <NumberInput
      required
      min={0}
      allowDecimal={false}
      allowNegative={false}
      rightSectionWidth={58}
      classNames={{ controls: classes.controls, control: classes.control }}
      {...props}
    />
  );
}

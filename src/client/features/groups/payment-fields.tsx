import { Button, Fieldset, Group, Radio, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { type FocusEvent, type Ref, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  bankOf,
  checkBankAccount,
  digitsOf,
  formatBankgiro,
  formatPlusgiro,
  PAYMENT_METHODS,
  type PaymentMethod,
} from "#shared/payments/numbers";
import type { PaymentInput, PaymentView } from "#shared/payments/schema";
import type { GroupFormValues } from "./group-form.tsx";

/** The payment part of the group form: a method (none chosen yet: "") and each method's numbers as typed. */
export interface PaymentValues {
  method: PaymentMethod | "";
  bankgiro: string;
  plusgiro: string;
  clearingNumber: string;
  accountNumber: string;
}

/** Stored details as the form shows them: giro numbers as printed, bank numbers as stored. */
export function paymentValuesOf(p: PaymentView | null | undefined): PaymentValues {
  return {
    method: p?.method ?? "",
    bankgiro: p?.bankgiro ? formatBankgiro(p.bankgiro) : "",
    plusgiro: p?.plusgiro ? formatPlusgiro(p.plusgiro) : "",
    clearingNumber: p?.clearingNumber ?? "",
    accountNumber: p?.accountNumber ?? "",
  };
}

const OWN_FIELDS: Record<PaymentMethod, ReadonlyArray<Exclude<keyof PaymentValues, "method">>> = {
  BANKGIRO: ["bankgiro"],
  PLUSGIRO: ["plusgiro"],
  BANK_ACCOUNT: ["clearingNumber", "accountNumber"],
};

/**
 * What the group body says of the payment (the API: left out, they stay; null, they go): nothing while no
 * method is chosen or the numbers are the saved ones, null once saved details were removed, else the chosen
 * method with its own numbers only.
 */
export function paymentChange(now: PaymentValues, saved: PaymentValues): PaymentInput | null | undefined {
  if (now.method === "") return saved.method === "" ? undefined : null;
  const own = OWN_FIELDS[now.method];
  if (now.method === saved.method && own.every((f) => digitsOf(now[f]) === digitsOf(saved[f]))) return undefined;
  return { method: now.method, ...Object.fromEntries(own.map((f) => [f, now[f]])) };
}

interface Props {
  form: UseFormReturnType<GroupFormValues>;
  /** The details as saved (none: method ""), which the remove action takes away on the next save. */
  saved: PaymentValues;
  rootRef?: Ref<HTMLFieldSetElement>;
}

/**
 * How the group is paid (issue 25): optional, a method and its numbers, checked by the shared rules as they
 * are typed. The bank is named once the clearing number is recognised, and an account without a check
 * digit is warned about, not refused.
 */
export function PaymentFields({ form, saved, rootRef }: Props) {
  const { t } = useTranslation();
  // While the account number is being typed, a number not finished yet must not draw the warning.
  const [typingAccount, setTypingAccount] = useState(false);
  const p = form.values.payment;
  const path = (field: keyof PaymentValues) => `payment.${field}` as const;
  const input = (field: keyof PaymentValues) => form.getInputProps(path(field));

  const bank = p.method === "BANK_ACCOUNT" ? bankOf(p.clearingNumber) : null;
  const account =
    p.method === "BANK_ACCOUNT" && p.accountNumber.trim() ? checkBankAccount(p.clearingNumber, p.accountNumber) : null;
  const noCheckDigit = !typingAccount && account?.ok === true && account.noCheckDigit;
  const removed = saved.method !== "" && p.method === "";

  const methods = useRef<HTMLDivElement>(null);
  const undoButton = useRef<HTMLButtonElement>(null);
  // The button pressed goes away with what it acted on: focus moves on to what takes its place.
  const focusAfter = (target: () => HTMLElement | null | undefined) => setTimeout(() => target()?.focus(), 0);
  const remove = () => {
    form.setFieldValue("payment", paymentValuesOf(null));
    for (const f of OWN_FIELDS.BANK_ACCOUNT.concat(OWN_FIELDS.BANKGIRO, OWN_FIELDS.PLUSGIRO)) form.clearFieldError(path(f));
    focusAfter(() => (saved.method ? undoButton.current : methods.current?.querySelector("input")));
  };
  const undo = () => {
    form.setFieldValue("payment", saved);
    focusAfter(() => methods.current?.querySelector<HTMLInputElement>("input:checked"));
  };
  const accountProps = input("accountNumber");

  return (
    <Fieldset
      ref={rootRef}
      legend={t("groups.payment.title")}
      variant="unstyled"
      styles={{ legend: { fontWeight: 600, fontSize: "var(--mantine-font-size-sm)", marginBottom: 6 } }}
      data-payment
    >
      <Stack gap="sm">
        <Text size="sm" maw={720}>
          {t("groups.payment.intro")}
        </Text>
        <Radio.Group
          ref={methods}
          label={t("groups.payment.method.label")}
          description={t("groups.payment.methodHint")}
          name="method"
          {...input("method")}
        >
          <Group gap="md" mt="xs">
            {PAYMENT_METHODS.map((m) => (
              <Radio key={m} value={m} label={t(`groups.payment.method.${m}`)} />
            ))}
          </Group>
        </Radio.Group>
        {p.method === "BANKGIRO" && (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label={t("groups.payment.bankgiro")}
              description={t("groups.payment.bankgiroHint")}
              name="bankgiro"
              required
              inputMode="numeric"
              autoComplete="off"
              {...input("bankgiro")}
            />
          </SimpleGrid>
        )}
        {p.method === "PLUSGIRO" && (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label={t("groups.payment.plusgiro")}
              description={t("groups.payment.plusgiroHint")}
              name="plusgiro"
              required
              inputMode="numeric"
              autoComplete="off"
              {...input("plusgiro")}
            />
          </SimpleGrid>
        )}
        {p.method === "BANK_ACCOUNT" && (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label={t("groups.payment.clearingNumber")}
              description={
                <>
                  {t("groups.payment.clearingHint")}
                  {/* Beside the hint, so the field's description names the bank to a screen reader too. */}
                  <Text
                    component="span"
                    display="block"
                    size="sm"
                    fw={600}
                    c="var(--mantine-color-text)"
                    aria-live="polite"
                    data-bank
                  >
                    {bank ? t("groups.payment.bankName", { bank }) : ""}
                  </Text>
                </>
              }
              name="clearingNumber"
              required
              inputMode="numeric"
              autoComplete="off"
              {...input("clearingNumber")}
            />
            <TextInput
              label={t("groups.payment.accountNumber")}
              description={
                <>
                  {t("groups.payment.accountHint")}
                  {noCheckDigit && (
                    <Text component="span" display="block" size="sm" mt={4} c="orange.9" fw={500} data-warning="noCheckDigit">
                      {t("groups.payment.noCheckDigit")}
                    </Text>
                  )}
                </>
              }
              name="accountNumber"
              required
              inputMode="numeric"
              autoComplete="off"
              {...accountProps}
              onFocus={(e: FocusEvent<HTMLInputElement>) => {
                setTypingAccount(true);
                accountProps.onFocus?.(e);
              }}
              onBlur={(e: FocusEvent<HTMLInputElement>) => {
                setTypingAccount(false);
                accountProps.onBlur?.(e);
              }}
            />
          </SimpleGrid>
        )}
        {p.method !== "" && (
          <Group>
            <Button variant="subtle" color="red" c="red.9" px={0} onClick={remove}>
              {t("groups.payment.remove")}
            </Button>
          </Group>
        )}
      </Stack>
      <Group gap="xs" mt={removed ? "sm" : 0}>
        {/* Always there, so the removal is announced when it happens. */}
        <div role="status">{removed && <Text size="sm">{t("groups.payment.removedNote")}</Text>}</div>
        {removed && (
          <Button ref={undoButton} variant="subtle" px={0} onClick={undo}>
            {t("groups.payment.undoRemove")}
          </Button>
        )}
      </Group>
    </Fieldset>
  );
}

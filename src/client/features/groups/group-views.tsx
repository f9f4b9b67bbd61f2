import { Alert, Button, Group, Stack, Text, Title } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { skillLabelId } from "#shared/events/schema";
import { findMunicipality } from "#shared/geo/municipalities";
import type { Group as GroupData } from "#shared/groups/schema";
import { sportLabelId } from "#shared/groups/sports";
import { shownNumber } from "#shared/payments/numbers";
import type { PaymentView } from "#shared/payments/schema";
import { formatPhone } from "#shared/phone";
import { stockholmToday } from "#shared/validation";
import { ConfirmModal } from "../../components/confirm-modal.tsx";
import { DownloadButton } from "../../components/download-button.tsx";
import { Facts } from "../../components/facts.tsx";
import { notifySuccess } from "../../components/notify.ts";
import { StatusBadge } from "../../components/status-badge.tsx";
import { confirmGroup, downloadGroupCsv, groupKeys, removeGroup } from "./api.ts";
import classes from "./groups.module.css";

/** The group's data, read-only. */
export function GroupDetails({ group }: { group: GroupData }) {
  const { t } = useTranslation();
  const contacts = group.contactPersons;
  return (
    <Facts
      rows={[
        [t("groups.fields.name"), group.name],
        [t("groups.fields.organizationName"), group.organizationName],
        [t("groups.fields.organizationNumber"), group.organizationNumber],
        [t("groups.fields.municipality"), findMunicipality(group.municipality)?.name ?? group.municipality],
        [t("groups.fields.numberOfMembers"), group.numberOfMembers],
        [t("groups.fields.ages"), group.ages.map((a) => t(`groups.ages.${a}`)).join(", ")],
        [t("groups.fields.sport"), t(sportLabelId(group.sport))],
        [
          t("groups.fields.skills"),
          group.skills.length > 0 ? group.skills.map((s) => t(skillLabelId(s))).join(", ") : t("groups.fields.noSkills"),
        ],
        [t("groups.fields.status"), <StatusBadge key="status" status={group.status} of="group" />],
        [
          t("groups.fields.contactPersons"),
          <ul key="contacts" className={classes.plainList}>
            {contacts.map((c) => (
              <li key={c.id}>
                {c.name} · {c.email} · {c.phone ? formatPhone(c.phone) : t("users.contacts.phoneHidden.group")}
              </li>
            ))}
          </ul>,
        ],
      ]}
    />
  );
}

/**
 * How the group is paid, read-only (issue 25): the method, the number as printed, the bank and when the
 * details last changed; without details, that there are none yet and, where the group may be edited, the
 * way to add them.
 */
export function PaymentDetails({ payment, onAdd }: { payment: PaymentView | null; onAdd?: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Stack gap="xs" component="section" aria-labelledby={titleId} data-payment-details>
      <Title order={2} size="h3" id={titleId}>
        {t("groups.payment.title")}
      </Title>
      {payment ? (
        <>
          <Facts
            rows={[
              // The method names the number: "Bankgiro 5050-1055", "Bankkonto 6789, 123456789".
              [
                t(`groups.payment.method.${payment.method}`),
                <span key="number" data-number>
                  {shownNumber(payment)}
                </span>,
              ],
              ...(payment.bankName ? [[t("groups.payment.bank"), payment.bankName] as [string, string]] : []),
            ]}
          />
          {payment.noCheckDigit && (
            <Alert color="orange" variant="light">
              <Text size="sm">{t("groups.payment.noCheckDigit")}</Text>
            </Alert>
          )}
          <Text size="sm" c="dimmed">
            {t("groups.payment.changedAt", { date: stockholmToday(new Date(payment.changedAt)) })}
          </Text>
        </>
      ) : (
        <>
          <Text maw={720}>{t("groups.payment.noneYet")}</Text>
          {onAdd && (
            <Group>
              <Button variant="default" onClick={onAdd}>
                {t("groups.payment.add")}
              </Button>
            </Group>
          )}
        </>
      )}
    </Stack>
  );
}

/** The confirm action of a DRAFT group, behind a dialog (spec 02 §4). */
export function ConfirmGroupButton({ group, onConfirmed }: { group: GroupData; onConfirmed(group: GroupData): void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (!group.abilities.confirm) return null;
  return (
    <>
      <Button onClick={() => setOpen(true)}>{t("groups.confirm.button")}</Button>
      <ConfirmModal
        opened={open}
        onClose={() => setOpen(false)}
        title={t("groups.confirm.title")}
        confirmLabel={t("common.confirm")}
        onConfirm={async () => onConfirmed(await confirmGroup(group))}
      >
        {t("groups.confirm.text")}
      </ConfirmModal>
    </>
  );
}

/** The wizard's way to the previous step, left of the next one (as in the event wizard). */
export function BackButton({ onClick }: { onClick(): void }) {
  const { t } = useTranslation();
  return (
    <Button variant="default" onClick={onClick}>
      {t("groups.wizard.back")}
    </Button>
  );
}

/** Removal of a group that was never confirmed, behind a dialog: it cannot be undone. */
export function RemoveGroupButton({ group }: { group: GroupData }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  if (!group.abilities.remove) return null;
  return (
    <>
      <Button variant="outline" color="red.9" onClick={() => setOpen(true)}>
        {t("groups.remove.button")}
      </Button>
      <ConfirmModal
        opened={open}
        onClose={() => setOpen(false)}
        title={t("groups.remove.title")}
        confirmLabel={t("groups.remove.confirm")}
        color="red.9"
        onConfirm={async () => {
          await removeGroup(group);
          // The group is gone: its view must not be shown again from the cache, and the list must drop it.
          queryClient.removeQueries({ queryKey: groupKeys.group(group.id) });
          void queryClient.invalidateQueries({ queryKey: groupKeys.summaries });
          notifySuccess(t("groups.remove.done"));
          navigate("/my-pages/volunteers");
        }}
      >
        {t("groups.remove.text", { name: group.name })}
      </ConfirmModal>
    </>
  );
}

/** The contact's copy of the group's data (a CSV file for Swedish Excel). */
export function ExportButton({ group }: { group: GroupData }) {
  const { t } = useTranslation();
  return (
    <DownloadButton label={t("groups.export.button")} hint={t("groups.export.hint")} download={() => downloadGroupCsv(group)} />
  );
}

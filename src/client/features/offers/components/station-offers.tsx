import { Button, Group, List, Paper, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { withdrawalIsNews } from "#shared/offers/rules";
import type { Attendee, Offer, OfferStatus } from "#shared/offers/schema";
import { formatPhone } from "#shared/phone";
import { stockholmLocal } from "#shared/time";
import { ConfirmModal } from "../../../components/confirm-modal.tsx";
import { notifySuccess } from "../../../components/notify.ts";
import { useRemoveOffer } from "../api.ts";
import { statedDetails } from "../group-format.ts";
import { OfferStatusBadge } from "./offer-badges.tsx";

const ORDER: Record<OfferStatus, number> = { DRAFT: 0, PROPOSAL: 1, ACCEPTED: 2, EXPIRED: 3, REJECTED: 4 };

/** A station's offers: group, status, volunteers, answer-by date; remove behind a confirmation. */
export function StationOffers({ offers }: { offers: Offer[] }) {
  const { t } = useTranslation();
  const remove = useRemoveOffer();
  const [removing, setRemoving] = useState<Offer | null>(null);
  const sorted = [...offers].sort((a, b) => ORDER[a.status] - ORDER[b.status] || a.groupName.localeCompare(b.groupName, "sv"));

  if (offers.length === 0) return <Text>{t("events.match.offers.empty")}</Text>;
  return (
    <>
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
        {sorted.map((o) => (
          <Paper component="li" key={o.groupId} withBorder p="xs" radius="sm" data-offer={o.groupName}>
            <Group justify="space-between" align="center" gap="xs">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Group gap="xs" align="center">
                  <Text fw={700} style={{ overflowWrap: "anywhere" }}>
                    {o.groupName}
                  </Text>
                  <OfferStatusBadge status={o.status} />
                </Group>
                <Text size="sm">
                  {t("events.match.volunteers", { count: o.volunteers })}
                  {o.status === "PROPOSAL" &&
                    o.expiresAt &&
                    ` · ${t("events.match.offers.answerBy", { date: stockholmLocal(o.expiresAt).slice(0, 10) })}`}
                </Text>
                {o.group.contactPersons && o.group.contactPersons.length > 0 && (
                  <Text size="sm" style={{ overflowWrap: "anywhere" }}>
                    {t("events.match.offers.contacts", {
                      // A phone is empty until its contact has opened the group.
                      contacts: o.group.contactPersons
                        .map((c) => [c.name, c.email, c.phone && formatPhone(c.phone)].filter(Boolean).join(", "))
                        .join("; "),
                    })}
                  </Text>
                )}
                {o.group.attendees && <NamedVolunteers offer={o} attendees={o.group.attendees} />}
              </Stack>
              {o.abilities.remove && (
                <Button
                  size="compact-sm"
                  variant="subtle"
                  color="red.9"
                  c="red.9"
                  aria-label={t(withdrawalIsNews(o.status) ? "events.match.offers.withdraw" : "events.match.offers.remove", {
                    group: o.groupName,
                  })}
                  onClick={() => setRemoving(o)}
                >
                  {t(withdrawalIsNews(o.status) ? "events.match.offers.withdrawShort" : "common.remove")}
                </Button>
              )}
            </Group>
          </Paper>
        ))}
      </Stack>
      <ConfirmModal
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        title={t(
          removing && withdrawalIsNews(removing.status) ? "events.match.offers.withdrawTitle" : "events.match.offers.removeTitle",
        )}
        confirmLabel={t(removing && withdrawalIsNews(removing.status) ? "events.match.offers.withdrawShort" : "common.remove")}
        color="red.9"
        onConfirm={async () => {
          if (!removing) return;
          await remove.mutateAsync({ eventId: removing.eventId, groupId: removing.groupId, stationId: removing.stationId });
          notifySuccess(t("events.match.offers.removed"));
        }}
      >
        {removing &&
          t(withdrawalIsNews(removing.status) ? "events.match.offers.removeSent" : "events.match.offers.removeDraft", {
            group: removing.groupName,
          })}
      </ConfirmModal>
    </>
  );
}

/**
 * Who the group named, with what they stated for the event. The server sends them only once the group has
 * accepted and until the event is finished; before that the organizer sees counts alone.
 */
function NamedVolunteers({ offer, attendees }: { offer: Offer; attendees: Attendee[] }) {
  const { t } = useTranslation();
  if (attendees.length === 0) return <Text size="sm">{t("events.match.offers.noneNamed")}</Text>;
  return (
    <Stack gap={2} mt={4}>
      <Text size="sm" fw={600}>
        {t("events.match.offers.named", { n: attendees.length, of: offer.volunteers })}
      </Text>
      <List size="sm" spacing={2} aria-label={t("events.match.offers.namedLabel", { group: offer.groupName })}>
        {attendees.map((a) => {
          const details = statedDetails(t, offer.event, a);
          return (
            <List.Item key={a.id} style={{ overflowWrap: "anywhere" }}>
              {t("events.match.offers.volunteer", { name: a.name, age: a.age })}
              {details && ` – ${details}`}
            </List.Item>
          );
        })}
      </List>
    </Stack>
  );
}

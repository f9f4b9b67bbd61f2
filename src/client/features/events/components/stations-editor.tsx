import { ActionIcon, Alert, Button, Group, Paper, Stack, Table, Text, Title, UnstyledButton } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { EventView, StationInput, StationView } from "#shared/events/schema";
import { findMunicipality } from "#shared/geo/municipalities";
import { stockholmLocal } from "#shared/time";
import { ApiError } from "../../../app/api.ts";
import { ConfirmModal } from "../../../components/confirm-modal.tsx";
import { apiErrorText } from "../../../components/form.ts";
import { useUpdateEvent } from "../api.ts";
import { notifySuccess } from "../notify.ts";
import { newStation, StationForm } from "./station-form.tsx";

/** The event as PUT takes it back, with another list of stations. */
export function updateBody(event: EventView, stations: StationInput[]) {
  const { id: _i, eventId: _e, status: _s, confirmedAt: _c, confirmedBy: _b, abilities: _a, ...rest } = event;
  return { ...rest, stations };
}

const asInput = ({ teamLeaderName: _t, ...s }: StationView): StationInput => s;

/** The station's times as Stockholm wall-clock time, the day written once when it does not change. */
const time = (s: StationView) => {
  const [start, end] = [stockholmLocal(s.start), stockholmLocal(s.end)];
  return start.slice(0, 10) === end.slice(0, 10)
    ? `${start.slice(0, 10)} ${start.slice(11)}–${end.slice(11)}`
    : `${start.replace("T", " ")} – ${end.replace("T", " ")}`;
};

type Editing = { kind: "new" } | { kind: "edit"; id: string } | null;

/** The stations of an event: list, add, edit (click a row), delete with confirmation (spec 02 §2). */
export function StationsEditor({ event, startOpen }: { event: EventView; startOpen?: boolean }) {
  const { t } = useTranslation();
  const update = useUpdateEvent(event.id);
  const [editing, setEditing] = useState<Editing>(startOpen && event.stations.length === 0 ? { kind: "new" } : null);
  const [removing, setRemoving] = useState<StationView | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const readOnly = !event.abilities.edit;
  const current = editing?.kind === "edit" ? event.stations.find((s) => s.id === editing.id) : undefined;

  /** Saves the whole list; station field errors come back under stations.<index>.<field>. */
  const saveList = async (stations: StationInput[], index: number): Promise<Record<string, string> | undefined> => {
    setFailure(null);
    try {
      await update.mutateAsync(updateBody(event, stations));
      return undefined;
    } catch (err) {
      if (err instanceof ApiError && err.fields) {
        const prefix = `stations.${index}.`;
        const mine = Object.entries(err.fields).filter(([k]) => k.startsWith(prefix));
        if (mine.length) return Object.fromEntries(mine.map(([k, id]) => [k.slice(prefix.length).split(".")[0], id]));
      }
      setFailure(err instanceof ApiError && err.code === "Conflict" ? t("events.form.conflict") : apiErrorText(err, t));
      throw err;
    }
  };

  const submit = async (values: StationInput) => {
    const list = event.stations.map(asInput);
    const index = editing?.kind === "edit" ? list.findIndex((s) => s.id === editing.id) : list.length;
    const next = editing?.kind === "edit" ? list.map((s, i) => (i === index ? { ...values, id: s.id } : s)) : [...list, values];
    try {
      const errors = await saveList(next, index);
      if (errors) return errors;
      notifySuccess(t("events.station.saved"));
      setEditing(null);
    } catch {
      // Shown above the form.
    }
    return undefined;
  };

  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {t("events.station.listTitle")}
      </Title>
      {event.stations.length === 0 ? (
        <Text>{t("events.station.empty")}</Text>
      ) : (
        <Table.ScrollContainer minWidth={300}>
          <Table highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("events.station.columns.name")}</Table.Th>
                <Table.Th>{t("events.station.columns.time")}</Table.Th>
                <Table.Th visibleFrom="sm">{t("events.station.columns.municipality")}</Table.Th>
                <Table.Th>{t("events.station.columns.quantity")}</Table.Th>
                {!readOnly && <Table.Th>{t("events.station.columns.actions")}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {event.stations.map((s) => (
                <Table.Tr
                  key={s.id}
                  style={{ cursor: "pointer" }}
                  onClick={() => setEditing({ kind: "edit", id: s.id })}
                  data-station={s.name}
                >
                  <Table.Td>
                    <UnstyledButton
                      fw={600}
                      td="underline"
                      onClick={(e) => {
                        e.stopPropagation();
                        setEditing({ kind: "edit", id: s.id });
                      }}
                      aria-label={t("events.station.edit", { name: s.name })}
                    >
                      {s.name}
                    </UnstyledButton>
                  </Table.Td>
                  <Table.Td>{time(s)}</Table.Td>
                  <Table.Td visibleFrom="sm">{findMunicipality(s.municipality)?.name ?? s.municipality}</Table.Td>
                  <Table.Td>{s.officialQuantity}</Table.Td>
                  {!readOnly && (
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        color="red.9"
                        aria-label={t("events.station.delete", { name: s.name })}
                        onClick={(e) => {
                          e.stopPropagation();
                          setRemoving(s);
                        }}
                      >
                        <span aria-hidden="true">✕</span>
                      </ActionIcon>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      {failure && (
        <Alert color="red.9" role="alert">
          {failure}
        </Alert>
      )}

      {editing ? (
        <Paper withBorder p={{ base: "sm", sm: "md" }} radius="md">
          <Title order={3} size="h4" mb="sm">
            {current ? t("events.station.editTitle", { name: current.name }) : t("events.station.newTitle")}
          </Title>
          <StationForm
            key={current?.id ?? "new"}
            initial={current ? asInput(current) : newStation(event.date)}
            otherNames={event.stations.filter((s) => s.id !== current?.id).map((s) => s.name)}
            teamLeaderName={current?.teamLeaderName}
            onSubmit={submit}
            onCancel={() => setEditing(null)}
            readOnly={readOnly}
          />
        </Paper>
      ) : (
        !readOnly && (
          <Group>
            <Button onClick={() => setEditing({ kind: "new" })}>{t("events.station.add")}</Button>
          </Group>
        )
      )}

      <ConfirmModal
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        title={t("events.station.deleteTitle")}
        confirmLabel={t("common.remove")}
        color="red.9"
        onConfirm={async () => {
          if (!removing) return;
          await update.mutateAsync(updateBody(event, event.stations.filter((s) => s.id !== removing.id).map(asInput)));
          notifySuccess(t("events.station.deleted"));
        }}
      >
        {t("events.station.deleteText", { name: removing?.name ?? "" })}
      </ConfirmModal>
    </Stack>
  );
}

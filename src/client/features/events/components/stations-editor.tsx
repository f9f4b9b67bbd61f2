import { ActionIcon, Button, Group, Paper, Stack, Table, Text, Title, UnstyledButton } from "@mantine/core";
import { type ReactNode, type Ref, useImperativeHandle, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { stationFieldErrors, stationInputOf, stationTime, updateBodyOf } from "#shared/events/rules";
import type { EventView, StationInput, StationView } from "#shared/events/schema";
import { findMunicipality } from "#shared/geo/municipalities";
import { ApiError } from "../../../app/api.ts";
import { ConfirmModal } from "../../../components/confirm-modal.tsx";
import { notifySuccess } from "../../../components/notify.ts";
import tap from "../../../components/tap-target.module.css";
import { useUpdateEvent } from "../api.ts";
import { newStation, StationForm, type StationFormHandle } from "./station-form.tsx";

type Editing = { kind: "new" } | { kind: "edit"; id: string } | null;

/** The open station form as a wizard sees it before moving on: none, untouched, or holding unsaved changes. */
export interface StationsEditorHandle {
  open(): "none" | "clean" | "dirty";
  /** Saves the open station; true when saved (or none was open). */
  save(): Promise<boolean>;
  discard(): void;
}

interface Props {
  ref?: Ref<StationsEditorHandle>;
  event: EventView;
  startOpen?: boolean;
  /** Beside each station's name in the list, e.g. the link to its sheet (the event page's, not the wizard's). */
  stationAction?: (station: StationView) => ReactNode;
}

/** The stations of an event: list, add, edit (click a row), delete with confirmation (spec 02 §2). */
export function StationsEditor({ ref, event, startOpen, stationAction }: Props) {
  const { t } = useTranslation();
  const update = useUpdateEvent(event.id);
  const [editing, setEditing] = useState<Editing>(startOpen && event.stations.length === 0 ? { kind: "new" } : null);
  const [removing, setRemoving] = useState<StationView | null>(null);
  const form = useRef<StationFormHandle>(null);
  const readOnly = !event.abilities.edit;
  const current = editing?.kind === "edit" ? event.stations.find((s) => s.id === editing.id) : undefined;

  useImperativeHandle(ref, () => ({
    open: () => (!editing || !form.current ? "none" : form.current.dirty() ? "dirty" : "clean"),
    save: async () => (form.current ? form.current.save() : true),
    discard: () => setEditing(null),
  }));

  /**
   * Saves the whole list; the field errors of station `id` (undefined: the new one) come back for its form,
   * any other failure is thrown for the form to show by its button.
   */
  const saveList = async (stations: StationInput[], id: string | undefined): Promise<Record<string, string> | undefined> => {
    try {
      await update.mutateAsync(updateBodyOf(event, { stations }));
      return undefined;
    } catch (err) {
      if (err instanceof ApiError && err.fields) {
        const mine = stationFieldErrors(err.fields, stations, id);
        if (Object.keys(mine).length) return mine;
      }
      throw err;
    }
  };

  const submit = async (values: StationInput) => {
    const id = editing?.kind === "edit" ? editing.id : undefined;
    const list = event.stations.map(stationInputOf);
    const next = id ? list.map((s) => (s.id === id ? { ...values, id } : s)) : [...list, { ...values, id: undefined }];
    const errors = await saveList(next, id);
    if (errors) return errors;
    notifySuccess(t("events.station.saved"));
    setEditing(null);
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
                      className={tap.target}
                      onClick={(e) => {
                        e.stopPropagation();
                        setEditing({ kind: "edit", id: s.id });
                      }}
                      aria-label={t("events.station.edit", { name: s.name })}
                    >
                      {s.name}
                    </UnstyledButton>
                    {stationAction && <div>{stationAction(s)}</div>}
                  </Table.Td>
                  <Table.Td>{stationTime(s)}</Table.Td>
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

      {editing ? (
        <Paper withBorder p={{ base: "sm", sm: "md" }} radius="md">
          <Title order={3} size="h4" mb="sm">
            {current ? t("events.station.editTitle", { name: current.name }) : t("events.station.newTitle")}
          </Title>
          <StationForm
            ref={form}
            key={current?.id ?? "new"}
            initial={current ? stationInputOf(current) : newStation(event.date)}
            eventId={event.id}
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
          await update.mutateAsync(
            updateBodyOf(event, { stations: event.stations.filter((s) => s.id !== removing.id).map(stationInputOf) }),
          );
          notifySuccess(t("events.station.deleted"));
        }}
      >
        {t("events.station.deleteText", { name: removing?.name ?? "" })}
      </ConfirmModal>
    </Stack>
  );
}

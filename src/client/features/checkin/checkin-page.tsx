import {
  Alert,
  Anchor,
  Button,
  Container,
  Group,
  Loader,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { lazy, Suspense, useEffect, useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { passTokenInUrl, readPassIds } from "#shared/checkin/pass-token";
import { checkinCounts, missingOf } from "#shared/checkin/rules";
import { type CheckinList, type CheckinPerson, walkUpBody } from "#shared/checkin/schema";
import { formatPhone } from "#shared/phone";
import { stationTime, stockholmLocal } from "#shared/time";
import { AnswerBadge } from "../../components/answer-badge.tsx";
import { DialogHeader } from "../../components/dialog-header.tsx";
import { zodValidate } from "../../components/form.ts";
import { type Crumb, PageHeader } from "../../components/page-header.tsx";
import { AnswerCounts } from "./answer-counts.tsx";
import classes from "./checkin.module.css";
import { useStationCheckin } from "./use-station-checkin.ts";

const Scanner = lazy(() => import("./scanner.tsx"));

const clock = (at: string) => stockholmLocal(at).slice(11, 16);

/**
 * The check-in page (issue 23), made for a phone in one hand at the station: the counts on top, one large
 * target per person, search, undo, "kommer inte", walk-ups and the pass scanner. It works with no
 * connection once the list has been fetched: taps wait on the phone and go when the connection is back.
 */
export function CheckinPage({
  eventId,
  stationId,
  area,
  back,
}: {
  eventId: string;
  stationId: string;
  /** The area of My pages the page is reached from: the first breadcrumb. */
  area: Crumb;
  /** The event page's Idag tab: the second. */
  back: string;
}) {
  const { t } = useTranslation();
  const s = useStationCheckin(eventId, stationId);
  const [search, setSearch] = useState("");
  const [scanning, setScanning] = useState(false);
  const [walkUpOpen, setWalkUpOpen] = useState(false);
  const [said, setSaid] = useState<{ text: string; ok: boolean } | null>(null);
  const list = s.list;

  useEffect(() => {
    document.title = `${t("checkin.page.title")}${list ? ` – ${list.station.name}` : ""} – ${t("app.name")}`;
  }, [list, t]);

  const groups = useMemo(() => (list ? byGroup(list, search) : []), [list, search]);

  if (list === undefined) return <Loader role="status" aria-label={t("common.loading")} m="lg" />;
  if (list === null)
    return (
      <Container size="xs" py="lg">
        <Alert color="red" role="alert">
          {t(s.loadError?.status === 404 ? "errors.NotFound" : "checkin.page.loadError")}
        </Alert>
      </Container>
    );

  const open = list.abilities.checkIn;
  const scanned = (text: string) => {
    const token = passTokenInUrl(text);
    const ids = token && readPassIds(token);
    if (!token || !ids) return setSaid({ text: t("checkin.scan.notPass"), ok: false });
    if (ids.eventId !== eventId)
      return setSaid({ text: t("checkin.scan.refused", { reason: t("checkin.errors.WrongEvent") }), ok: false });
    const person = list.people.find((p) => p.volunteerId === ids.volunteerId);
    // Someone of another station, or taken off: the server has the last word once the tap is sent.
    const name = person?.name ?? t("checkin.pass.volunteer");
    void s.tap({ pass: token }, name);
    setSaid({ text: t("checkin.scan.ok", { name }), ok: true });
  };

  return (
    <Container size="sm" px="xs" py="sm" className={classes.page}>
      <Stack gap="sm">
        <PageHeader
          title={`${t("checkin.page.title")}: ${list.station.name}`}
          text
          crumbs={[area, { label: list.event.name, to: back }]}
          intro={stationTime(list.station)}
        />

        <SyncState s={s} fetchedAt={list.fetchedAt} />

        <SimpleGrid cols={4} spacing="xs">
          <Count label={t("checkin.counts.expected")} value={list.counts.expected} />
          <Count label={t("checkin.counts.arrived")} value={list.counts.arrived} strong />
          <Count label={t("checkin.counts.missing")} value={missingOf(list.counts)} />
          <Count label={t("checkin.counts.noShow")} value={list.counts.noShow} />
        </SimpleGrid>
        <Text size="sm" data-counts-split>
          {t("checkin.counts.adultsChildren", { adults: list.counts.adults, children: list.counts.children })}
        </Text>
        {list.counts.expected > 0 && <AnswerCounts counts={list.counts} />}

        {!open && <Alert color="gray">{t("checkin.page.notOpen")}</Alert>}

        {open && (
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
            <Button size="lg" onClick={() => setScanning((v) => !v)} aria-expanded={scanning}>
              {t(scanning ? "checkin.scan.close" : "checkin.scan.open")}
            </Button>
            <Button size="lg" variant="default" onClick={() => setWalkUpOpen(true)} disabled={list.groups.length === 0}>
              {t("checkin.walkUp.open")}
            </Button>
          </SimpleGrid>
        )}
        <div aria-live="polite" role="status">
          {said && (
            <Alert
              color={said.ok ? "green" : "red"}
              withCloseButton
              closeButtonLabel={t("common.close")}
              onClose={() => setSaid(null)}
            >
              {said.text}
            </Alert>
          )}
        </div>
        {scanning && (
          <Suspense fallback={<Loader role="status" aria-label={t("common.loading")} />}>
            <Scanner onCode={scanned} />
          </Suspense>
        )}

        <TextInput
          type="search"
          label={t("checkin.page.search")}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          size="md"
        />

        {list.people.length === 0 && list.walkUps.length === 0 && <Text>{t("checkin.page.noPeople")}</Text>}
        {search && groups.every((g) => g.people.length === 0) && <Text>{t("checkin.page.noMatch")}</Text>}

        {groups.map((g) =>
          g.people.length === 0 ? null : (
            <section key={g.id} aria-labelledby={`group-${g.id}`} data-group={g.name}>
              <Group justify="space-between" mb={4} wrap="wrap">
                <Title order={2} size="h5" id={`group-${g.id}`}>
                  {g.name}
                </Title>
                <Text size="sm">{t("checkin.page.groupCount", { arrived: g.arrived, expected: g.expected })}</Text>
              </Group>
              <Stack gap={6}>
                {g.people.map((p) => (
                  <PersonRow key={p.volunteerId} person={p} open={open} s={s} />
                ))}
              </Stack>
            </section>
          ),
        )}

        {list.walkUps.length > 0 && (
          <section aria-labelledby="walk-ups">
            <Title order={2} size="h5" id="walk-ups" mb={4}>
              {t("checkin.page.walkUps")}
            </Title>
            <Stack gap={6}>
              {list.walkUps.map((w) => (
                <Paper key={w.id} withBorder p="xs" className={classes.arrived} data-walk-up={w.name}>
                  <Group justify="space-between" wrap="nowrap">
                    <div>
                      <Text fw={600}>{w.name}</Text>
                      <Text size="sm">
                        {t("checkin.page.age", { age: w.age })} · {list.groups.find((g) => g.id === w.groupId)?.name} ·{" "}
                        {t("checkin.page.arrivedAt", { time: clock(w.arrivedAt) })}
                      </Text>
                    </div>
                    {open && (
                      <Button
                        variant="default"
                        size="lg"
                        px="xs"
                        style={{ flexShrink: 0 }}
                        onClick={() => void s.undo(w.id, w.name)}
                        aria-label={t("checkin.page.undoName", { name: w.name })}
                      >
                        {t("checkin.page.undo")}
                      </Button>
                    )}
                  </Group>
                </Paper>
              ))}
            </Stack>
          </section>
        )}
      </Stack>

      <WalkUpForm
        list={list}
        opened={walkUpOpen}
        onClose={() => setWalkUpOpen(false)}
        onSubmit={(walkUp) => {
          void s.tap({ walkUp }, walkUp.name);
          setSaid({ text: t("checkin.walkUp.done", { name: walkUp.name }), ok: true });
          setWalkUpOpen(false);
        }}
      />
    </Container>
  );
}

type Station = ReturnType<typeof useStationCheckin>;

function Count({ label, value, strong }: { label: string; value: number; strong?: boolean }) {
  return (
    <Paper withBorder p={6} ta="center" data-count={label}>
      <Text fz={strong ? 28 : 22} fw={700} lh={1.1}>
        {value}
      </Text>
      <Text size="xs">{label}</Text>
    </Paper>
  );
}

function PersonRow({ person: p, open, s }: { person: CheckinPerson; open: boolean; s: Station }) {
  const { t } = useTranslation();
  const state = p.arrivedAt ? "arrived" : p.noShow ? "noShow" : "expected";
  const answerId = useId();
  // A list kept on the phone before the answers existed has no `confirmed`: no answer.
  const answered = typeof p.confirmed === "boolean";
  /** The line under the name, with the answer to the day-before text beside it (issue 24). */
  const sub = (text: string) => (
    <span className={classes.subLine}>
      <span>{text}</span>
      <AnswerBadge confirmed={p.confirmed} messages="checkin.answer" id={answerId} size="xs" />
    </span>
  );
  return (
    <Paper withBorder p={4} className={classes[state]} data-person={p.name} data-state={state}>
      <Group gap={4} wrap="nowrap" align="stretch">
        {state === "expected" && open ? (
          <Button
            size="lg"
            className={classes.main}
            variant="default"
            onClick={() => void s.tap({ volunteerId: p.volunteerId }, p.name)}
            aria-label={t("checkin.page.checkInName", { name: p.name })}
            aria-describedby={answered ? answerId : undefined}
          >
            <span className={classes.label}>
              <span>{p.name}</span>
              <span className={classes.sub}>{sub(t("checkin.page.age", { age: p.age }))}</span>
            </span>
          </Button>
        ) : (
          <div className={classes.main}>
            <Text fw={600}>{p.name}</Text>
            <Text size="sm" component="div">
              {sub(
                state === "arrived"
                  ? t("checkin.page.arrivedAt", { time: clock(p.arrivedAt as string) })
                  : state === "noShow"
                    ? t("checkin.page.notComing")
                    : t("checkin.page.age", { age: p.age }),
              )}
            </Text>
          </div>
        )}
        {p.phone && (
          <Button
            component="a"
            href={`tel:${p.phone}`}
            variant="subtle"
            size="lg"
            px="xs"
            aria-label={t("checkin.page.call", { name: p.name })}
            title={formatPhone(p.phone)}
          >
            ☎
          </Button>
        )}
        {open && state === "expected" && (
          <Button
            variant="default"
            size="lg"
            px="xs"
            onClick={() => void s.tap({ volunteerId: p.volunteerId, noShow: true }, p.name)}
            aria-label={t("checkin.page.markNotComing", { name: p.name })}
          >
            <span className={classes.small}>{t("checkin.page.notComing")}</span>
          </Button>
        )}
        {open && state !== "expected" && (
          <Button
            variant="default"
            size="lg"
            px="xs"
            onClick={() => void s.undo(p.volunteerId, p.name)}
            aria-label={t("checkin.page.undoName", { name: p.name })}
          >
            {t("checkin.page.undo")}
          </Button>
        )}
      </Group>
    </Paper>
  );
}

function SyncState({ s, fetchedAt }: { s: Station; fetchedAt: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4} data-sync={s.online ? "online" : "offline"}>
      {!s.online && (
        <Alert color="yellow" role="status">
          {t("checkin.sync.offline")}
        </Alert>
      )}
      {s.sessionLost && (
        <Alert color="red" role="alert">
          <Anchor component={Link} to="/login">
            {t("checkin.sync.signInAgain")}
          </Anchor>
        </Alert>
      )}
      <Group gap="xs" justify="space-between" wrap="wrap">
        <Text size="sm" aria-live="polite" data-pending={s.pending}>
          {s.pending > 0 ? t("checkin.sync.pending", { count: s.pending }) : t("checkin.sync.allSent")}{" "}
          {t("checkin.sync.fetchedAt", { time: clock(fetchedAt) })}
        </Text>
        {s.pending > 0 && s.online && (
          <Button size="compact-sm" variant="default" onClick={() => void s.sync()} loading={s.syncing}>
            {t("checkin.sync.sendNow")}
          </Button>
        )}
      </Group>
      {s.refused.length > 0 && (
        <Alert
          color="red"
          role="alert"
          withCloseButton
          closeButtonLabel={t("checkin.sync.dismiss")}
          onClose={() => void s.dismissRefused()}
        >
          <Stack gap={2}>
            {s.refused.map((r) => (
              <Text key={r.id} size="sm">
                {t("checkin.sync.refused", {
                  name: r.name,
                  reason: r.station ? t("checkin.scan.wrongStation", { name: r.name, station: r.station }) : t(r.reason),
                })}
              </Text>
            ))}
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}

function WalkUpForm({
  list,
  opened,
  onClose,
  onSubmit,
}: {
  list: CheckinList;
  opened: boolean;
  onClose(): void;
  onSubmit(v: { groupId: string; name: string; age: number }): void;
}) {
  const { t } = useTranslation();
  const form = useForm({
    initialValues: { groupId: list.groups.length === 1 ? list.groups[0].id : "", name: "", age: "" },
    validate: zodValidate(walkUpBody, t),
  });
  return (
    <Modal opened={opened} onClose={onClose} withCloseButton={false} centered>
      <DialogHeader title={t("checkin.walkUp.title")} />
      <form
        noValidate
        onSubmit={form.onSubmit((v) => {
          const parsed = walkUpBody.parse(v);
          onSubmit(parsed);
          form.reset();
        })}
      >
        <Stack gap="sm">
          <Text size="sm">{t("checkin.walkUp.intro")}</Text>
          <Select
            label={t("checkin.walkUp.group")}
            name="groupId"
            data={list.groups.map((g) => ({ value: g.id, label: g.name }))}
            required
            allowDeselect={false}
            {...form.getInputProps("groupId")}
          />
          <TextInput label={t("checkin.walkUp.name")} name="name" required autoComplete="off" {...form.getInputProps("name")} />
          <TextInput label={t("checkin.walkUp.age")} name="age" required inputMode="numeric" {...form.getInputProps("age")} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t("checkin.walkUp.cancel")}
            </Button>
            <Button type="submit">{t("checkin.walkUp.submit")}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The people by group, filtered by name, each group with its counts (the shared count, walk-ups aside). */
function byGroup(list: CheckinList, search: string) {
  const q = search.trim().toLocaleLowerCase("sv");
  const groups = new Map<string, { id: string; name: string; all: CheckinPerson[] }>();
  for (const p of list.people) {
    const g = groups.get(p.groupId) ?? { id: p.groupId, name: p.groupName, all: [] };
    groups.set(p.groupId, g);
    g.all.push(p);
  }
  return [...groups.values()].map(({ id, name, all }) => {
    const { arrived, expected } = checkinCounts(all, []);
    return { id, name, arrived, expected, people: all.filter((p) => !q || p.name.toLocaleLowerCase("sv").includes(q)) };
  });
}

import { Anchor, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { PassView } from "#shared/checkin/schema";
import { formatPhone } from "#shared/phone";
import { stationTime } from "#shared/time";
import classes from "./pass.module.css";

/** One volunteer pass: who, where, when, whom to ask, and the QR code the team leader scans. */
export function PassCard({ pass, heading = "h1" }: { pass: PassView; heading?: "h1" | "h2" }) {
  const { t } = useTranslation();
  const rows: Array<[string, React.ReactNode]> = [
    [t("checkin.pass.volunteer"), pass.name],
    [t("checkin.pass.group"), pass.groupName],
    [t("checkin.pass.event"), `${pass.event.name}, ${pass.event.date}`],
    [t("checkin.pass.station"), pass.station.name],
    [t("checkin.pass.time"), stationTime(pass.station)],
    [
      t("checkin.pass.place"),
      <>
        {pass.station.place && <span>{pass.station.place} · </span>}
        <Anchor href={pass.station.mapUrl} target="_blank" rel="noopener noreferrer">
          {t("checkin.pass.map")}
        </Anchor>
      </>,
    ],
  ];
  if (pass.teamLeader)
    rows.push([
      t("checkin.pass.teamLeader"),
      <>
        {pass.teamLeader.name}, <Anchor href={`tel:${pass.teamLeader.phone}`}>{formatPhone(pass.teamLeader.phone)}</Anchor>
      </>,
    ]);
  return (
    <article className={classes.card} data-pass={pass.name}>
      <Stack gap="xs">
        <Title order={heading === "h1" ? 1 : 2} size="h3">
          {t("checkin.pass.title")}: {pass.name}
        </Title>
        <img className={classes.qr} src={`data:image/svg+xml;utf8,${encodeURIComponent(pass.qr)}`} alt={t("checkin.pass.qr")} />
        <Text size="sm" ta="center">
          {t("checkin.pass.show")}
        </Text>
        <dl className={classes.facts}>
          {rows.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </Stack>
    </article>
  );
}

/** The group's passes to print: one page per volunteer, or a sheet of cards. */
export function PassSheet({ passes, layout }: { passes: readonly PassView[]; layout: "pages" | "cards" }) {
  return (
    <div className={classes[layout]} data-layout={layout}>
      {passes.map((p) => (
        <PassCard key={p.url} pass={p} heading="h2" />
      ))}
    </div>
  );
}

import { Anchor } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { stationSheetPath } from "#shared/events/rules";
import tap from "../../components/tap-target.module.css";

/** The link to a station's printable sheet, for the station lists of the event page. */
export function SheetLink({ base, station }: { base: string; station: { id: string; name: string } }) {
  const { t } = useTranslation();
  return (
    <Anchor
      component={Link}
      to={stationSheetPath(base, station.id)}
      aria-label={t("sheet.openFor", { name: station.name })}
      onClick={(e) => e.stopPropagation()}
      fz="sm"
      // Dark, as the station names beside it: the brand colour misses the contrast minimum on a selected row.
      c="dark.9"
      td="underline"
      data-print="hide"
      className={tap.target}
    >
      {t("sheet.open")}
    </Anchor>
  );
}

import { Alert, Anchor, Button, Container, Group, Loader, Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { eventPagePath } from "#shared/events/rules";
import { RequireAuth } from "../../app/guards.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { Invoice, useFees } from "../../features/fees/index.ts";

/**
 * /my-pages/events/{id}/invoices/{number}: one invoice of the event's fees on a page of its own, for the
 * event's contacts to print (issue 25). On paper only the invoice shows: the site's header, the crumbs and
 * the buttons stay on the screen.
 */
export default function InvoicePage() {
  const { t } = useTranslation();
  const { id = "", number = "" } = useParams();
  const fees = useFees(id);
  const base = eventPagePath(id, "organizer");
  const invoice = fees.data?.invoices.find((i) => String(i.number) === number);
  const back = (
    <Anchor component={Link} to={`${base}/fees`} data-print="hide">
      {t("fees.invoice.back")}
    </Anchor>
  );

  return (
    <RequireAuth>
      <Container size="md" py="lg">
        {fees.isPending ? (
          <Loader role="status" aria-label={t("common.loading")} />
        ) : fees.isError || !fees.data || !invoice ? (
          <Stack gap="md">
            <Alert color="red.9" role="alert">
              {fees.isError ? t("fees.loadError") : t("fees.invoice.notFound")}
            </Alert>
            {back}
          </Stack>
        ) : (
          <Stack gap="md">
            <PageHeader
              title={t("fees.invoice.title", { number: invoice.number })}
              text
              crumbs={[
                { label: "myPages.events.title", to: "/my-pages/events" },
                { label: invoice.eventName, to: base },
                { label: "fees.tab", to: `${base}/fees` },
              ]}
            />
            <Group justify="space-between" gap="sm" data-print="hide">
              {back}
              <Button onClick={() => window.print()}>{t("fees.invoice.print")}</Button>
            </Group>
            <Invoice invoice={invoice} fees={fees.data} />
          </Stack>
        )}
      </Container>
    </RequireAuth>
  );
}

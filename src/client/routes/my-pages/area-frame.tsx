import { Container, Tabs } from "@mantine/core";
import { type ReactNode, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { AREAS, type Area } from "#shared/my-pages";
import { RequireAuth } from "../../app/guards.tsx";
import { PageHeader } from "../../components/page-header.tsx";

const HOME_KEY = "bemanna.homePath";

/** The area last entered in this browser, as stored; /my-pages goes there (homeArea). */
export function storedHomeArea(): string | null {
  return localStorage.getItem(HOME_KEY);
}

/** The frame shared by the three my-pages areas: tabs between them and the area's intro. */
export function AreaFrame({ area, children }: { area: Area; children?: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => localStorage.setItem(HOME_KEY, area), [area]);

  return (
    <RequireAuth>
      <Container size="lg" py="lg">
        <Tabs value={area} onChange={(v) => v && navigate(`/my-pages/${v}`)} keepMounted={false} mb="lg">
          <Tabs.List aria-label={t("myPages.tabsLabel")}>
            {AREAS.map((a) => (
              <Tabs.Tab key={a} value={a}>
                {t(`myPages.${a}.tab`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
        <PageHeader title={`myPages.${area}.title`} intro={t(`myPages.${area}.intro`)} />
        {children}
      </Container>
    </RequireAuth>
  );
}

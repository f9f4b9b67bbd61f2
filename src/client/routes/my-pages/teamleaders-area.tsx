import { Paper, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { AreaFrame } from "./area-frame.tsx";

/**
 * The team leaders' area. Its stations, send-outs and attendance are not built yet: until they are, the page
 * says what is coming rather than promising a list that is not there (as the hub's copy circle does).
 */
export default function TeamleadersArea() {
  const { t } = useTranslation();
  return (
    <AreaFrame area="teamleaders">
      <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }} maw={720} data-coming-soon>
        <Title order={2} size="h4" mb="xs">
          {t("common.comingSoon")}
        </Title>
        <Text>{t("myPages.teamleaders.coming")}</Text>
      </Paper>
    </AreaFrame>
  );
}

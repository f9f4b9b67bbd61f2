import { Stack } from "@mantine/core";
import { GroupList } from "../../features/groups/index.ts";
import { GroupOfferList } from "../../features/offers/group-offer-list.tsx";
import { AreaFrame } from "./area-frame.tsx";

export default function VolunteersArea() {
  return (
    <AreaFrame area="volunteers">
      <Stack gap="xl">
        <GroupOfferList />
        <GroupList />
      </Stack>
    </AreaFrame>
  );
}

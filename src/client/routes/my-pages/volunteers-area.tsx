import { GroupList } from "../../features/groups/index.ts";
import { AreaFrame } from "./area-frame.tsx";

export default function VolunteersArea() {
  return (
    <AreaFrame area="volunteers">
      <GroupList />
    </AreaFrame>
  );
}

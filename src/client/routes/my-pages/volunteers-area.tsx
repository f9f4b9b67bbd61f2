import { AreaFrame } from "./area-frame.tsx";

export default function VolunteersArea() {
  return <AreaFrame area="volunteers" />;
}

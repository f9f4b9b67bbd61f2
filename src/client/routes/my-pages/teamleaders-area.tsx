import { AreaFrame } from "./area-frame.tsx";

export default function TeamleadersArea() {
  return <AreaFrame area="teamleaders" />;
}

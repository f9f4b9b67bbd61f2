import { AreaFrame } from "./area-frame.tsx";

export default function EventsArea() {
  return <AreaFrame area="events" />;
}

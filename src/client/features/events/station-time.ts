export { stationTime } from "../../components/station-time.ts";

export { stationTime } from "#shared/events/rules";

import { pastCutoff } from "#shared/events/rules";
import type { Periodic } from "../../jobs/periodic.ts";
import { markHistoric } from "./repo.ts";

export const HISTORIC_SWEEP_JOB = "events.historic-sweep";

/**
 * A CONFIRMED event more than 7 days past becomes HISTORIC. Hourly is plenty for a rule counted in days,
 * and cheap: one indexed UPDATE.
 */
export const historicSweep: Periodic = {
  kind: HISTORIC_SWEEP_JOB,
  intervalMs: 60 * 60 * 1000,
  lockKey: 7_331_100,
  run: (tx, now) => markHistoric(tx, pastCutoff(now), now),
  describe: (moved) => `moved ${moved.length} past event(s) to HISTORIC`,
};

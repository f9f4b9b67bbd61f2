import { pastCutoff } from "#shared/events/rules";
import type { Ctx } from "../../context.ts";
import type { Periodic } from "../../jobs/periodic.ts";
import { issueInvoices } from "../payments/service.ts";
import { markHistoric } from "./repo.ts";

export const HISTORIC_SWEEP_JOB = "events.historic-sweep";

/**
 * A CONFIRMED event more than 7 days past becomes HISTORIC, and its final invoice is issued in the same
 * transaction. Hourly is plenty for a rule counted in days, and cheap: one indexed UPDATE.
 */
export function historicSweep(ctx: Ctx): Periodic {
  return {
    kind: HISTORIC_SWEEP_JOB,
    intervalMs: 60 * 60 * 1000,
    lockKey: 7_331_100,
    run: async (tx, now) => {
      const moved = await markHistoric(tx, pastCutoff(now), now);
      await issueInvoices(ctx, tx, "FINAL", moved, now);
      return moved.map((e) => e.id);
    },
    describe: (moved) => `moved ${moved.length} past event(s) to HISTORIC`,
  };
}

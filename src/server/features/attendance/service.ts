import type { Language } from "#shared/account/schema";
import { attendanceRefusal } from "#shared/attendance/rules";
import type { AttendanceBody } from "#shared/attendance/schema";
import type { Offer } from "#shared/offers/schema";
import type { Ctx } from "../../context.ts";
import { AppError, conflict, notFound } from "../../http/errors.ts";
import type { EventRow } from "../events/repo.ts";
import type { OfferKey } from "../offers/repo.ts";
import * as offers from "../offers/service.ts";
import { payoutCsv, payoutCsvFileName } from "./csv.ts";
import { payoutEventOf, presentEventPayout } from "./present.ts";
import * as repo from "./repo.ts";

/**
 * Records how many adults and children of an accepted group came (spec 02 §4). The offer is locked while
 * it is checked and written; a refusal changes nothing.
 */
export async function recordAttendance(
  ctx: Ctx,
  key: OfferKey,
  body: AttendanceBody,
  viewer: "organizer" | "leader",
): Promise<Offer> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const offer = await repo.lockOffer(tx, key);
    if (!offer) throw notFound("Offer not found");
    const refusal = attendanceRefusal(offer, offer.start, offer.eventStatus, now, body);
    if (refusal === "NotAccepted") throw conflict(`The offer is ${offer.status}, not ACCEPTED`);
    if (refusal === "AttendanceNotOpen")
      throw new AppError(
        refusal,
        offer.eventStatus === "HISTORIC" ? "The event is finished" : "Attendance opens on the station's start date",
      );
    if (refusal === "AttendanceExceedsVolunteers")
      throw new AppError(refusal, `At most ${offer.volunteers} people, adults and children together`);
    await repo.setAttendance(tx, key, body);
    return offers.one(tx, key, viewer, now);
  });
}

/** The event's payout as a CSV file for the organizer's bookkeeping, in the reader's language. */
export async function eventPayoutCsv(ctx: Ctx, event: EventRow, lang: Language): Promise<{ csv: string; fileName: string }> {
  const payout = presentEventPayout(payoutEventOf(event), await repo.payoutRows(ctx.db, repo.ofEvent(event.id)));
  return { csv: payoutCsv(payout, lang), fileName: payoutCsvFileName(payout, lang) };
}

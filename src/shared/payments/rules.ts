import type { ApprovalView } from "./schema.ts";

/**
 * What an event's contact may do with its payout now (the UI reads these, never the rules). Approving
 * needs a statement and is offered while there is no approval or the statement changed after it; the bank
 * file, paying and asking for details follow an approval that still holds.
 */
export function payoutAbilities(statements: number, approval: Pick<ApprovalView, "changed" | "paidOn"> | null) {
  const holds = approval !== null && !approval.changed;
  return {
    approve: statements > 0 && !holds,
    downloadBankFile: holds,
    markPaid: holds && approval?.paidOn === null,
    askForDetails: holds,
  };
}

import type { Language } from "#shared/account/schema";
import { withLanguage } from "#shared/i18n/language";
import { VOLUNTEER_REMOVAL_PATH } from "#shared/registration/rules";
import type { Ctx } from "../../context.ts";
import { LEAVE_VOLUNTEER_SECONDS, signToken } from "../../identity/tokens.ts";

/**
 * What every mail to a volunteer or their guardian shares: the greeting's first name and the signed links.
 * Apart from the sign-up service, so the features that mail a volunteer (their pass, a send-out) use them
 * without depending on it.
 */

/** The first of a person's names, as a mail greets them. */
export const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

/** The address behind a mail link: the page, with its signed token, opening in the mail's language. */
export function mailLink(ctx: Ctx, path: string, token: string, language: Language): string {
  const url = new URL(path, ctx.config.PUBLIC_URL);
  url.searchParams.set("token", token);
  return withLanguage(url, language).toString();
}

/** The link in every mail a volunteer gets (and their guardian's) that removes them from the group. */
export async function removalLink(ctx: Ctx, volunteerId: string, now: Date, language: Language): Promise<string> {
  const token = await signToken(ctx.secret, "leave-volunteer", { sub: volunteerId }, now, LEAVE_VOLUNTEER_SECONDS);
  return mailLink(ctx, VOLUNTEER_REMOVAL_PATH, token, language);
}

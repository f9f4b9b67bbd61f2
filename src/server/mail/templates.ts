import type { Language } from "#shared/account/schema";
import { translate } from "#shared/i18n/index";

export type MailKind =
  | "signUpCode"
  | "resetCode"
  | "invitation"
  | "invitationEvent"
  | "invitationTeamLeader"
  | "invitationGroup"
  | "offerInvitation"
  | "offerReminder"
  | "offerAccepted"
  | "offerDeclined"
  | "offerWithdrawn"
  | "offerExpiredGroup"
  | "offerExpiredOrganizer"
  | "contactAddedEvent"
  | "contactAddedGroup"
  | "volunteerRegistered"
  | "volunteerRegisteredMinor"
  | "guardianConsent"
  | "volunteerLeft"
  | "participationErasure"
  | "passNamed"
  | "passChanged"
  | "dayBefore"
  | "volunteerDeclined"
  | "volunteerMessage"
  | "paymentDetailsChanged"
  | "paymentDetailsMissing";

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** For text placed in HTML (mail bodies, the development mailbox). */
export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string);

/**
 * The body lines of each kind: message ids under mail.<kind>, `<kind>.<line>` for a line another kind
 * words the same (the invitations share all but their introduction), or `$value` for a value set as it
 * is (a list).
 */
const invitationLines = ["invitation.credentials", "invitation.validity", "invitation.link"];
const bodies: Record<MailKind, string[]> = {
  signUpCode: ["intro", "code", "validity"],
  resetCode: ["intro", "code", "validity"],
  invitation: ["intro", "about", ...invitationLines],
  invitationEvent: ["intro", "invitation.about", ...invitationLines],
  invitationTeamLeader: ["intro", "invitation.about", ...invitationLines],
  invitationGroup: ["intro", "invitation.about", ...invitationLines],
  offerInvitation: ["intro", "$stations", "answerBy", "link"],
  offerReminder: ["intro", "$stations", "answerBy", "link"],
  offerAccepted: ["intro", "link"],
  offerDeclined: ["intro", "link"],
  offerWithdrawn: ["intro", "link"],
  offerExpiredGroup: ["intro", "$stations", "link"],
  offerExpiredOrganizer: ["intro", "$stations", "link"],
  contactAddedEvent: ["intro", "phone", "open", "leave"],
  contactAddedGroup: ["intro", "phone", "open", "leave"],
  volunteerRegistered: ["intro", "$stations", "registration.data", "registration.leave"],
  volunteerRegisteredMinor: ["intro", "$stations", "guardian", "registration.data", "registration.leave"],
  guardianConsent: ["intro", "$stations", "why", "data", "confirm", "decline"],
  volunteerLeft: ["intro", "link"],
  participationErasure: ["intro", "export"],
  passNamed: ["intro", "$details", "pass.link", "pass.show", "registration.leave"],
  passChanged: ["intro", "$details", "pass.link", "registration.leave"],
  dayBefore: ["intro", "$details", "pass.link", "pass.show", "cannot"],
  volunteerDeclined: ["intro", "link"],
  volunteerMessage: ["intro", "$message", "link"],
  paymentDetailsChanged: ["intro", "change", "fraud"],
  paymentDetailsMissing: ["intro", "why", "link"],
};

/** Renders a mail in the recipient's language: plain text and a simple HTML version of the same lines. */
export function renderMail(kind: MailKind, lang: Language, values: Record<string, string>): RenderedMail {
  const t = (id: string) => translate(lang, id, values);
  const paragraphs = [
    t("mail.greeting"),
    ...bodies[kind].map((line) =>
      line.startsWith("$") ? (values[line.slice(1)] ?? "") : t(line.includes(".") ? `mail.${line}` : `mail.${kind}.${line}`),
    ),
    t("mail.signature"),
  ];
  const text = `${paragraphs.join("\n\n")}\n\n--\n${t("mail.automatic")}\n`;
  const html = `<!doctype html><html lang="${lang}"><body style="font-family:sans-serif;line-height:1.5">${paragraphs
    .map((p) => `<p>${escapeHtml(p).replaceAll("\n", "<br>")}</p>`)
    .join("")}<hr><p style="color:#666;font-size:small">${escapeHtml(t("mail.automatic"))}</p></body></html>`;
  return { subject: t(`mail.${kind}.subject`), text, html };
}

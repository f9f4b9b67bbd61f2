import type { Language } from "#shared/account/schema";
import { translate } from "#shared/i18n/index";
import { fillCoordinates } from "#shared/sendouts/rules";
import type { RecipientType } from "#shared/sendouts/schema";
import { escapeHtml, type RenderedMail } from "../../mail/templates.ts";

/**
 * The mail of a send-out: the sender's own subject and message, `{coordinates}` filled in with the
 * recipient's station, and a line in the recipient's language saying who sent it, to whom (the recipients
 * the sender chose) and how to answer.
 */

export interface SendOutMailValues {
  subject: string;
  message: string;
  /** Whom the sender chose to send to: the footer names them. */
  recipientTypes: readonly RecipientType[];
  eventName: string;
  senderName: string;
  /** Replies go to the sender when their account still exists. */
  canReply: boolean;
  /** The recipient's station; without one (removed since) the tag stays as written. */
  station?: { name: string; lat: number; lng: number };
}

const URL = /https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)]/g;

/** Text as HTML paragraphs, with web addresses as links. */
function html(text: string): string {
  return text
    .split(/\n{2,}/)
    .map(
      (p) =>
        `<p>${escapeHtml(p)
          .replace(URL, (url) => `<a href="${url}">${url}</a>`)
          .replaceAll("\n", "<br>")}</p>`,
    )
    .join("");
}

const FOOTER_STYLE = "color:#555;font-size:small";

/** The footer's words for the chosen recipients: one kind, or both. */
const recipientsKey = (types: readonly RecipientType[]) =>
  types.includes("VOLUNTEERS") && types.includes("CONTACT_PERSONS")
    ? "both"
    : types.includes("VOLUNTEERS")
      ? "VOLUNTEERS"
      : "CONTACT_PERSONS";

export function renderSendOut(lang: Language, v: SendOutMailValues): RenderedMail {
  const sender = v.senderName || translate(lang, "mail.sendOut.organizer");
  const body = v.station ? fillCoordinates(v.message, v.station) : v.message;
  const recipients = translate(lang, `mail.sendOut.recipients.${recipientsKey(v.recipientTypes)}`);
  const footer = [
    translate(lang, "mail.sendOut.footer", { sender, recipients, stationName: v.station?.name ?? "", eventName: v.eventName }),
    ...(v.canReply ? [translate(lang, "mail.sendOut.reply", { sender })] : []),
  ].join(" ");
  return {
    subject: v.subject,
    text: `${body}\n\n--\n${footer}\n`,
    html: `<!doctype html><html lang="${lang}"><body style="font-family:sans-serif;line-height:1.5">${html(body)}<hr><p style="${FOOTER_STYLE}">${escapeHtml(footer)}</p></body></html>`,
  };
}

/**
 * A volunteer's copy of a send-out: the rendered mail with the link that removes them from their group
 * (ADR 022). The rest of the mail is the same for everyone and rendered once.
 */
export function withRemovalLink(mail: RenderedMail, lang: Language, leaveUrl: string): RenderedMail {
  const line = translate(lang, "mail.sendOut.leave", { leaveUrl });
  return {
    ...mail,
    text: `${mail.text}${line}\n`,
    html: mail.html.replace(/<\/body><\/html>$/, `<p style="${FOOTER_STYLE}">${escapeHtml(line)}</p></body></html>`),
  };
}

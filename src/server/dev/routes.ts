import { desc } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { keptMail, responses } from "#shared/api/schema";
import { keptText } from "#shared/sms/schema";
import type { Ctx } from "../context.ts";
import { mails, texts } from "../db/schema.ts";
import { escapeHtml } from "../mail/templates.ts";

/** Development only: the mail the product would have sent, since without SMTP_URL it is kept, not sent. */
export async function devRoutes(app: FastifyInstance, ctx: Ctx) {
  const latest = () => ctx.db.select().from(mails).orderBy(desc(mails.createdAt)).limit(100);

  app
    .withTypeProvider<ZodTypeProvider>()
    .get("/api/dev/mailbox", { schema: { response: responses({ 200: z.array(keptMail) }) } }, async () =>
      (await latest()).map((m) => ({
        id: m.id,
        to: m.to,
        subject: m.subject,
        text: m.text,
        createdAt: m.createdAt.toISOString(),
        sentAt: m.sentAt?.toISOString() ?? null,
      })),
    );

  // An HTML page for people, not part of the API: left out of its document.
  app.get("/dev/mailbox", { schema: { hide: true } }, async (_request, reply) => {
    const items = (await latest()).map((m) => ({
      heading: m.subject,
      about: `To: ${m.to} · ${m.createdAt.toISOString()}`,
      body: m.text,
    }));
    return reply.type("text/html; charset=utf-8").send(devPage("Mailbox (development)", items, "No mail yet."));
  });
}

/** Development only: the texts the product would have sent, since without SMS_URL they are kept, not sent. */
export async function devTextRoutes(app: FastifyInstance, ctx: Ctx) {
  const latest = () => ctx.db.select().from(texts).orderBy(desc(texts.createdAt)).limit(100);

  app
    .withTypeProvider<ZodTypeProvider>()
    .get("/api/dev/sms", { schema: { response: responses({ 200: z.array(keptText) }) } }, async () =>
      (await latest()).map((t) => ({
        id: t.id,
        to: t.to,
        message: t.message,
        kind: t.kind,
        status: t.status,
        createdAt: t.createdAt.toISOString(),
      })),
    );

  app.get("/dev/sms", { schema: { hide: true } }, async (_request, reply) => {
    const items = (await latest()).map((t) => ({
      heading: t.to,
      about: `${t.kind} · ${t.status} · ${t.createdAt.toISOString()}`,
      body: t.message,
    }));
    return reply.type("text/html; charset=utf-8").send(devPage("Texts (development)", items, "No texts yet."));
  });
}

/** A development page of kept messages, newest first, every text escaped; it links to the other list. */
function devPage(title: string, items: Array<{ heading: string; about: string; body: string }>, empty: string): string {
  const rows = items
    .map(
      (i) =>
        `<article><h2>${escapeHtml(i.heading)}</h2><p>${escapeHtml(i.about)}</p><pre style="white-space:pre-wrap">${escapeHtml(i.body)}</pre></article>`,
    )
    .join("<hr>");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><main><h1>${title}</h1><p><a href="/dev/mailbox">Mailbox</a> · <a href="/dev/sms">Texts</a></p>${rows || `<p>${empty}</p>`}</main></body></html>`;
}

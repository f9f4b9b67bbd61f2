import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  completeNewPasswordBody,
  confirmForgotPasswordBody,
  confirmSignUpBody,
  emailBody,
  newUserBody,
  profile,
  signInBody,
  signInResult,
  signInSuccess,
  signUpBody,
  signUpResult,
  updateProfileBody,
  userLookup,
} from "#shared/account/schema";
import { emptyBody, noContent, responses } from "#shared/api/schema";
import { email } from "#shared/validation";
import type { Ctx, RequestMeta } from "../context.ts";
import { invitationTarget } from "../features/contacts/policy.ts";
import { limitEmailLookups } from "../limits.ts";
import { actorOf, optionalSessionId, requireUser } from "./guard.ts";
import { presentProfile } from "./present.ts";
import * as identity from "./service.ts";

export const REFRESH_COOKIE = "bemanna_refresh";
const cookiePath = "/api/auth";

const meta = (request: FastifyRequest): RequestMeta => ({ ip: request.ip });
/** Identity calls answer schema failures with the catalogue's InvalidParameterException. */
const identityConfig = { validationCode: "InvalidParameterException" as const };

export async function identityRoutes(app: FastifyInstance, ctx: Ctx) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const secureCookie = !["localhost", "127.0.0.1", "[::1]"].includes(new URL(ctx.config.PUBLIC_URL).hostname);

  const setRefreshCookie = (reply: FastifyReply, token: string) =>
    reply.setCookie(REFRESH_COOKIE, token, {
      path: cookiePath,
      httpOnly: true,
      sameSite: "strict",
      secure: secureCookie,
      maxAge: identity.SESSION_SECONDS,
    });
  const clearRefreshCookie = (reply: FastifyReply) =>
    reply.clearCookie(REFRESH_COOKIE, { path: cookiePath, httpOnly: true, sameSite: "strict", secure: secureCookie });

  r.post(
    "/api/auth/sign-up",
    { schema: { body: signUpBody, response: responses({ 201: signUpResult }) }, config: identityConfig },
    async (request, reply) => {
      return reply.status(201).send(await identity.signUp(ctx, request.body, meta(request)));
    },
  );

  r.post(
    "/api/auth/confirm-sign-up",
    { schema: { body: confirmSignUpBody, response: responses({ 200: emptyBody }) }, config: identityConfig },
    async (request) => identity.confirmSignUp(ctx, request.body.email, request.body.code, meta(request)),
  );

  r.post(
    "/api/auth/resend-code",
    { schema: { body: emailBody, response: responses({ 200: emptyBody }) }, config: identityConfig },
    async (request) => identity.resendCode(ctx, request.body.email, meta(request)),
  );

  r.post(
    "/api/auth/sign-in",
    { schema: { body: signInBody, response: responses({ 200: signInResult }) }, config: identityConfig },
    async (request, reply) => {
      const outcome = await identity.signIn(ctx, request.body.email, request.body.password, meta(request));
      if (outcome.kind === "challenge") return outcome.result;
      setRefreshCookie(reply, outcome.session.refreshToken);
      return outcome.session.result;
    },
  );

  r.post(
    "/api/auth/complete-new-password",
    { schema: { body: completeNewPasswordBody, response: responses({ 200: signInSuccess }) }, config: identityConfig },
    async (request, reply) => {
      const session = await identity.completeNewPassword(ctx, request.body.session, request.body.newPassword, meta(request));
      setRefreshCookie(reply, session.refreshToken);
      return session.result;
    },
  );

  r.post("/api/auth/refresh", { schema: { response: responses({ 200: signInSuccess }) } }, async (request, reply) => {
    try {
      const session = await identity.refresh(ctx, request.cookies[REFRESH_COOKIE], meta(request));
      setRefreshCookie(reply, session.refreshToken);
      return session.result;
    } catch (err) {
      clearRefreshCookie(reply);
      throw err;
    }
  });

  r.post("/api/auth/sign-out", { schema: { response: responses({ 204: noContent }) } }, async (request, reply) => {
    await identity.signOut(ctx, request.cookies[REFRESH_COOKIE], await optionalSessionId(ctx, request), meta(request));
    clearRefreshCookie(reply);
    return reply.status(204).send(null);
  });

  r.post(
    "/api/auth/forgot-password",
    { schema: { body: emailBody, response: responses({ 200: emptyBody }) }, config: identityConfig },
    async (request) => identity.forgotPassword(ctx, request.body.email, meta(request)),
  );

  r.post(
    "/api/auth/confirm-forgot-password",
    { schema: { body: confirmForgotPasswordBody, response: responses({ 200: emptyBody }) }, config: identityConfig },
    async (request) =>
      identity.confirmForgotPassword(ctx, request.body.email, request.body.code, request.body.newPassword, meta(request)),
  );

  r.get("/api/auth/me", { onRequest: requireUser(ctx), schema: { response: responses({ 200: profile }) } }, async (request) =>
    presentProfile(actorOf(request)),
  );

  r.put(
    "/api/auth/me",
    { onRequest: requireUser(ctx), schema: { body: updateProfileBody, response: responses({ 200: profile }) } },
    async (request) => identity.updateProfile(ctx, actorOf(request), request.body),
  );

  // Looking up users by e-mail could be used to harvest addresses: signed-in only, and one budget with
  // every other answer that tells whether an address has an account (limits.ts, EMAIL_LOOKUPS).
  r.get(
    "/api/user/:email",
    {
      onRequest: requireUser(ctx),
      preHandler: limitEmailLookups(ctx),
      schema: { params: z.object({ email: email() }), response: responses({ 200: userLookup }) },
    },
    async (request) => identity.lookupUser(ctx, request.params.email),
  );

  r.post(
    "/api/user",
    {
      onRequest: requireUser(ctx),
      // A 409 for an existing address answers a lookup too.
      preHandler: limitEmailLookups(ctx),
      schema: { body: newUserBody, response: responses({ 201: userLookup }) },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      // Checked before anything is created: a refused context creates no account and sends no mail.
      const target = await invitationTarget(ctx.db, actor, request.body);
      return reply.status(201).send(await identity.inviteUser(ctx, actor, request.body, meta(request), target));
    },
  );
}

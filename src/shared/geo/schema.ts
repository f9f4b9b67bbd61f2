import { z } from "zod";
import { msg, requiredText } from "../validation.ts";
import { inMapBounds } from "./municipalities.ts";

export const geoSearchQuery = z.object({ q: requiredText().min(2, { error: msg.invalid }).max(200, { error: msg.tooLong }) });

export const geoReverseQuery = z
  .object({ lat: z.coerce.number({ error: msg.invalid }), lng: z.coerce.number({ error: msg.invalid }) })
  .refine((p) => inMapBounds(p.lat, p.lng), { error: msg.invalid, path: ["lat"] });

import { z } from "zod";
import { msg, requiredText } from "../validation.ts";
import { inMapBounds } from "./municipalities.ts";

export const geoSearchQuery = z.object({ q: requiredText().min(2, { error: msg.invalid }).max(200, { error: msg.tooLong }) });

export const geoReverseQuery = z
  .object({ lat: z.coerce.number({ error: msg.invalid }), lng: z.coerce.number({ error: msg.invalid }) })
  .refine((p) => inMapBounds(p.lat, p.lng), { error: msg.invalid, path: ["lat"] });

/** A geocoder hit as the server passes it on. */
export const geoPlace = z.object({ label: z.string(), lat: z.number(), lng: z.number() });
export type GeoPlace = z.infer<typeof geoPlace>;

/** Client map settings, from the server's configuration. */
export const mapConfig = z.object({ tileUrl: z.string(), tileAttribution: z.string(), geocoder: z.boolean() });
export type MapConfig = z.infer<typeof mapConfig>;

// The sales areas' facts (schema/areas.json): usual languages, payment regions, currency and time
// zone, read by every program from that one file (Node side).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import type { SalesAreaId } from "../../browser/config/types.ts";
import { corePaths } from "../paths.ts";
import { brandsSchema } from "./schema-pass.ts";

export interface AreaFacts {
  /** Usual languages; the first is the default. */
  languages: string[];
  regions: string[];
  currency: string;
  /** UTC offset, e.g. +08:00. */
  timeZone: string;
}

function load(): Record<SalesAreaId, AreaFacts> {
  const file = join(corePaths.schema, "areas.json");
  const data = JSON.parse(readFileSync(file, "utf8")) as { areas: Record<string, AreaFacts> };
  const schema = JSON.parse(readFileSync(join(corePaths.schema, "areas.schema.json"), "utf8"));
  const validate = new Ajv2020({ allErrors: true }).compile(schema);
  if (!validate(data))
    throw new Error(`schema/areas.json is invalid: ${validate.errors?.map((e) => `${e.instancePath} ${e.message}`).join("; ")}`);
  const ids = ((brandsSchema.$defs as Record<string, { enum: string[] }>).salesAreaId?.enum ?? []).slice().sort();
  const keys = Object.keys(data.areas).sort();
  if (ids.join() !== keys.join())
    throw new Error(`schema/areas.json lists areas ${keys.join(", ")}; brands.schema.json has ${ids.join(", ")}`);
  return data.areas as Record<SalesAreaId, AreaFacts>;
}

/** Every sales area's facts, by area id. */
export const AREAS: Readonly<Record<SalesAreaId, AreaFacts>> = load();

export const areaIds = Object.keys(AREAS) as SalesAreaId[];

/** The time zone of an area; UTC for an id that is none. */
export const timeZoneOf = (area: string): string => AREAS[area as SalesAreaId]?.timeZone ?? "+00:00";

// How brands.yaml's plain values are typed: js-yaml with the YAML 1.2 core schema's own integers and
// floats (as the `yaml` package and editors resolve them: `1e400` and a 5,000-digit number are
// numbers, not strings), booleans, nulls and merge keys; no timestamps.
import jsYaml from "js-yaml";

const types = (jsYaml as unknown as { types: Record<"null" | "bool" | "merge", jsYaml.Type> }).types;
const INT = /^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$/;
const FLOAT = /^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$/;

const core12Int = new jsYaml.Type("tag:yaml.org,2002:int", {
  kind: "scalar",
  resolve: (data: string) => INT.test(data),
  construct: (data: string) =>
    data.startsWith("0o") ? Number.parseInt(data.slice(2), 8) : data.startsWith("0x") ? Number.parseInt(data.slice(2), 16) : Number(data),
});

const core12Float = new jsYaml.Type("tag:yaml.org,2002:float", {
  kind: "scalar",
  resolve: (data: string) => FLOAT.test(data),
  construct: (data: string) => {
    const lower = data.toLowerCase();
    if (lower.endsWith(".nan")) return Number.NaN;
    if (lower.endsWith(".inf")) return lower.startsWith("-") ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY;
    return Number(data);
  },
});

export const YAML_12_CORE = jsYaml.FAILSAFE_SCHEMA.extend({ implicit: [types.null, types.bool, core12Int, core12Float, types.merge] });

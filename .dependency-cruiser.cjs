// The dependency rules of docs/architecture.md, checked by `npm run lint` (dependency-cruiser).
// Paths are from the repository root. Every import counts, type-only ones included: a type import
// ties two modules as much as any other when one of them has to change.

/** Folders of the four programs and the tools around them. */
const PROGRAMS = "^(generator|server|runtime|cli)/";
const TOOLS = "^(tests|e2e|bench|scripts)/";

module.exports = {
  forbidden: [
    {
      name: "no-cycle",
      comment: "No import cycles, type-only ones included: a cycle makes two modules one, split across files.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "core-imports-no-program",
      comment: "core/ is what the programs share: it depends on none of them (nor on the tools).",
      severity: "error",
      from: { path: "^core/" },
      to: { path: [PROGRAMS, TOOLS] },
    },
    {
      name: "runtime-imports-the-browser-core-only",
      comment:
        "The storefront runs in the browser: of core/ it imports only core/browser/ (the Node half loads files, validates schemas, decodes images).",
      severity: "error",
      from: { path: "^runtime/" },
      to: { path: "^core/node/" },
    },
    {
      name: "browser-core-imports-no-node-core",
      comment: "core/browser/ is what the storefront may run: the Node half builds on it, never the other way round.",
      severity: "error",
      from: { path: "^core/browser/" },
      to: { path: "^core/node/" },
    },
    {
      name: "browser-code-needs-no-node",
      comment:
        "What the storefront runs (runtime/, core/browser/) imports no Node built-in (node:fs, node:crypto…) and no package that needs Node (sharp, ajv, yaml, the database, the HTTP server).",
      severity: "error",
      from: { path: "^(runtime|core/browser)/" },
      to: {
        path: [
          "(^|/)node_modules/(sharp|ajv|ajv-formats|ajv-draft-04|yaml|js-yaml|pg|@electric-sql/[^/]+|fastify|@fastify/[^/]+|handlebars|json-schema-to-typescript|vite|commander)/",
        ],
      },
    },
    {
      name: "browser-code-needs-no-node-builtins",
      comment: "The same for Node's own modules: a browser has no node:fs.",
      severity: "error",
      from: { path: "^(runtime|core/browser)/" },
      to: { dependencyTypes: ["core"] },
    },
    {
      name: "emit-does-no-io",
      comment:
        "The compiler's emitters (generator/emit/) are pure functions of the resolved model: nothing they import, however indirectly, reads or writes files, spawns, opens sockets or decodes images (that happens before emit and after it, docs/architecture.md).",
      severity: "error",
      from: { path: "^generator/emit/" },
      to: {
        path: [
          "^(node:)?(fs|fs/promises|child_process|net|http|https|http2|os|worker_threads|cluster|dgram|dns|tls|readline|inspector)$",
          "(^|/)node_modules/(sharp|vite|pg|@electric-sql/[^/]+|fastify|@fastify/[^/]+|chokidar)/",
        ],
        reachable: true,
      },
    },
    {
      name: "generator-not-platform",
      comment: "The generator compiles configs; the platform serves players. They share only core/.",
      severity: "error",
      from: { path: "^generator/" },
      to: { path: "^(server|cli)/" },
    },
    {
      name: "platform-not-generator",
      comment: "The platform never reaches into the generator or the command line; what it needs of the config is in core/.",
      severity: "error",
      from: { path: "^server/" },
      to: { path: "^(generator|cli)/" },
    },
    {
      name: "domain-knows-no-http",
      comment:
        "The platform's rules and SQL (server/domain/) know no HTTP: no Fastify, no route or sandbox page, no app; the routes translate HTTP to domain calls.",
      severity: "error",
      from: { path: "^server/domain/" },
      to: {
        path: ["(^|/)node_modules/(fastify|@fastify/[^/]+)/", "^server/(routes|sandbox)/", "^server/(app|plugin|instance|sites)\\.ts$"],
      },
    },
    {
      name: "only-the-runtime-imports-the-runtime",
      comment: "The storefront is the browser's program: nothing outside runtime/ imports it (its unit tests aside).",
      severity: "error",
      from: { path: "^", pathNot: "^(runtime|tests)/" },
      to: { path: "^runtime/" },
    },
    {
      name: "runtime-imports-no-program",
      comment:
        "The storefront runs in the browser: it reaches the generator, the platform and the tools only through core/ and its generated/ folder.",
      severity: "error",
      from: { path: "^runtime/" },
      to: { path: ["^(generator|server|cli)/", TOOLS] },
    },
    {
      name: "only-the-command-line-assembles",
      comment: "cli/ is the composition root: it may import every program, and no program imports it.",
      severity: "error",
      from: { path: "^(core|generator|server|runtime)/" },
      to: { path: "^cli/" },
    },
    {
      name: "feature-imports-no-feature",
      comment: "A storefront feature stands alone: what two features share lives in runtime/shared (or lib/, ui/); app/ composes them.",
      severity: "error",
      from: { path: "^runtime/features/([^/]+)/" },
      to: { path: "^runtime/features/", pathNot: "^runtime/features/$1/" },
    },
    {
      name: "feature-imports-no-app",
      comment: "Features are composed by app/, never the other way round.",
      severity: "error",
      from: { path: "^runtime/features/" },
      to: { path: "^runtime/app/" },
    },
    {
      name: "shared-imports-no-feature-or-app",
      comment: "runtime/shared sits below the features: it imports only lib/, ui/, generated/ and core/.",
      severity: "error",
      from: { path: "^runtime/shared/" },
      to: { path: "^runtime/(features|app)/" },
    },
    {
      name: "lib-and-ui-are-the-bottom",
      comment: "runtime/lib (pure rules, the API client) and runtime/ui (the design system) import nothing above them.",
      severity: "error",
      from: { path: "^runtime/(lib|ui)/" },
      to: { path: "^runtime/(features|app|shared)/" },
    },
  ],
  options: {
    // TypeScript 7 (the project's compiler, package typescript-7) has no compiler API; TypeScript 5 (package
    // typescript) gives dependency-cruiser its parser, which sees every import, type-only ones included.
    parser: "tsc",
    tsPreCompilationDeps: true,
    doNotFollow: { path: "node_modules" },
    // node_modules is not followed, but stays in the graph: rules can name packages (domain-knows-no-http).
    exclude: { path: "(^|/)(dist|\\.data|test-results|playwright-report)/|^bench/\\.tmp/" },
    moduleSystems: ["es6", "cjs"],
  },
};

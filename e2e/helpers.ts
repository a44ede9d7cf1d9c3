// Shared e2e helpers: URLs of a brand's preview hosts on the test server.
export function brandUrl(brand: string, path = "/", mode: "production" | "demo" = "production"): string {
  const port = process.env.SF_PORT;
  if (!port) throw new Error("SF_PORT is not set: the global setup did not run");
  const host = mode === "demo" ? `${brand}-demo.localhost` : `${brand}.localhost`;
  return `http://${host}:${port}${path}`;
}

// What `gen verify` asks each host, from the release inventory: every path of every page, the popup
// pages, the brand's other files, the scripts its pages name; and once per run, every file under
// /assets/ (the same folder behind every host, so once is enough). Each request comes with its check.
import pLimit from "p-limit";
import type { ReleaseBrand, ReleaseInventory } from "../emit/release.ts";
import { checkAsset, checkFile, checkPage, type Difference, type Expected } from "./check.ts";
import type { Client } from "./fetch.ts";

/** What a browser sends: the answer it gets is what the check hashes (decoded). */
const BROWSER_ENCODING = "gzip, deflate, br";

export interface Checked {
  hosts: number;
  pages: number;
  files: number;
  assets: number;
}

export interface RoundResult {
  differences: Difference[];
  checked: Checked;
}

type Task = () => Promise<Difference[]>;

/** Headers as they must come over this scheme: HSTS means nothing (and is not sent) over plain HTTP. */
const overScheme = (headers: Record<string, string>, https: boolean) =>
  https ? headers : Object.fromEntries(Object.entries(headers).filter(([name]) => name !== "strict-transport-security"));

function hostTasks(
  brand: ReleaseBrand,
  host: string,
  inventory: ReleaseInventory,
  client: Client,
  https: boolean,
  checked: Checked,
): Task[] {
  const expect = (path: string, headers: Record<string, string>): Expected => ({ host, path, headers: overScheme(headers, https) });
  const tasks: Task[] = [];
  for (const page of brand.pages)
    for (const path of page.paths) {
      checked.pages++;
      tasks.push(async () => checkPage(brand, page, expect(path, brand.headers), await client(host, path, BROWSER_ENCODING)));
    }
  for (const popup of brand.popups)
    for (const path of popup.paths) {
      checked.pages++;
      tasks.push(async () =>
        checkPage({ scripts: [], inline: popup.inline }, popup, expect(path, popup.headers), await client(host, path, BROWSER_ENCODING)),
      );
    }
  for (const file of brand.files) {
    checked.files++;
    tasks.push(async () =>
      checkFile(file, expect(file.path, inventory.headers[file.kind]), await client(host, file.path, BROWSER_ENCODING), brand),
    );
  }
  // The scripts its pages name, on this host: what a player of it loads first.
  for (const script of brand.scripts) {
    checked.assets++;
    tasks.push(async () =>
      checkAsset(script, expect(script.url, inventory.headers.asset), await client(host, script.url, BROWSER_ENCODING), BROWSER_ENCODING),
    );
  }
  return tasks;
}

/** Every file under /assets/, both as a browser asks for it (the precompressed copy) and uncompressed. */
function assetTasks(inventory: ReleaseInventory, host: string, client: Client, https: boolean, checked: Checked): Task[] {
  return inventory.assets.flatMap((asset) => {
    checked.assets++;
    const expected: Expected = { host, path: asset.path, headers: overScheme(inventory.headers.asset, https) };
    return [BROWSER_ENCODING, "identity"].map(
      (encoding) => async () => checkAsset(asset, expected, await client(host, asset.path, encoding), encoding),
    );
  });
}

/** One pass over the hosts (host → its brand in the release), at most `concurrency` requests at a time. */
export async function verifyRound(
  inventory: ReleaseInventory,
  hosts: [string, ReleaseBrand][],
  client: Client,
  https: boolean,
  concurrency = 8,
): Promise<RoundResult> {
  const checked: Checked = { hosts: hosts.length, pages: 0, files: 0, assets: 0 };
  const limit = pLimit(concurrency);
  // A host that does not answer is one difference, not one per path (each could wait its timeout).
  const probes = await Promise.all(hosts.map(([host, brand]) => limit(() => probe(host, brand, client))));
  const unreachable = probes.flatMap((found) => (found ? [found] : []));
  const answering = hosts.filter((_, i) => !probes[i]);
  const tasks = answering.flatMap(([host, brand]) => hostTasks(brand, host, inventory, client, https, checked));
  const first = answering[0]?.[0];
  if (first) tasks.push(...assetTasks(inventory, first, client, https, checked));
  const results = await Promise.all(tasks.map((task) => limit(task)));
  return { differences: [...unreachable, ...results.flat()], checked };
}

/** Whether a host answers at all: asked for its first page; the difference when it does not. */
async function probe(host: string, brand: ReleaseBrand, client: Client): Promise<Difference | undefined> {
  const path = brand.pages[0]?.paths[0] ?? "/";
  const answer = await client(host, path, BROWSER_ENCODING);
  return "error" in answer
    ? { host, path, kind: "unreachable", message: `no answer, so nothing of this host was checked: ${answer.error}` }
    : undefined;
}

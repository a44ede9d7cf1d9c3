// The server picker: search by ID, the servers the account has characters on first, then all.
import { useId, useMemo, useState } from "react";
import type { GameServer } from "../../../core/browser/generated/api-types.ts";
import { useIsolate } from "../../lib/bidi.ts";
import { useTranslation } from "../../lib/use-translation.ts";
import { Dialog } from "../../ui/dialog.tsx";
import { useAllRoles } from "./api/get-roles.ts";

export default function ServerPicker({
  servers,
  current,
  onPick,
  onClose,
}: {
  servers: GameServer[];
  current: string | undefined;
  onPick: (server: GameServer) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const iso = useIsolate();
  const allRoles = useAllRoles();
  const used = useMemo(() => new Set((allRoles.data?.roles ?? []).map((r) => r.server_id)), [allRoles.data]);
  const [tab, setTab] = useState<"used" | "all">("used");
  const [query, setQuery] = useState("");
  const searchId = useId();
  const effectiveTab = tab === "used" && used.size === 0 && !allRoles.isPending ? "all" : tab;
  const shown = servers.filter(
    (s) =>
      (effectiveTab === "all" || used.has(s.server_id)) &&
      (query.trim() === "" || s.server_id.includes(query.trim()) || s.server_name.toLowerCase().includes(query.trim().toLowerCase())),
  );
  return (
    <Dialog open title={t("role.selectServer")} onClose={onClose}>
      <label className="sf-field" htmlFor={searchId}>
        <span>{t("role.searchServer")}</span>
        <input id={searchId} type="search" inputMode="numeric" value={query} onChange={(e) => setQuery(e.target.value)} />
      </label>
      <fieldset className="sf-tabs">
        <legend className="sf-visually-hidden">{t("role.server")}</legend>
        {(["used", "all"] as const).map((k) => (
          <button key={k} type="button" aria-pressed={effectiveTab === k} data-testid={`server-tab-${k}`} onClick={() => setTab(k)}>
            {t(k === "used" ? "role.usedServers" : "role.allServers")}
          </button>
        ))}
      </fieldset>
      {shown.length === 0 ? (
        <p className="sf-empty">{t("common.noData")}</p>
      ) : (
        <ul className="sf-choice-list" data-testid="server-list">
          {shown.map((s) => (
            <li key={s.server_id}>
              <button type="button" aria-current={s.server_id === current ? "true" : undefined} onClick={() => onPick(s)}>
                <span>{iso(s.server_name)}</span>
                <span className="sf-muted">{t("role.serverId", { id: s.server_id })}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}

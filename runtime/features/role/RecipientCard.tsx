// Who gets the goods: the account, the server (search by ID, used and all
// servers) and the character, whose name is shown back before paying.
import "./recipient.css";
import { useEffect, useId, useState } from "react";
import type { GameServer, Role } from "../../../core/browser/generated/api-types.ts";
import { useIsolate } from "../../lib/bidi.ts";
import { useTranslation } from "../../lib/use-translation.ts";
import { usePageConfig } from "../../shared/api/page-config.ts";
import { useClientId, useTracker } from "../../shared/services.ts";
import { useCurrentUser } from "../../shared/session/account.ts";
import { useLogout } from "../../shared/session/logout.ts";
import { type OrderSelection, useSelection } from "../../shared/session/order-selection.ts";
import { uiActions } from "../../shared/ui-actions.ts";
import { ClippedText } from "../../ui/clipped-text.tsx";
import { lazyWithStrings } from "../../ui/deferred.tsx";
import { Dialog } from "../../ui/dialog.tsx";
import { Loaded, PartError } from "../../ui/part-boundary.tsx";
import { useTip } from "../../ui/tip.tsx";
import { useRoles } from "./api/get-roles.ts";
import { useServers } from "./api/get-servers.ts";

/** The selection parts this shows (it re-renders when one changes). */
const WATCHED = ["area", "server", "role"] as const;

const entryParams = new URLSearchParams(window.location.search);

// The server picker opens on a tap: its code and strings are not part of the first load.
const ServerPicker = lazyWithStrings(() => import("./ServerPicker.tsx"));

export function RecipientCard() {
  const { t } = useTranslation();
  const iso = useIsolate();
  const clientId = useClientId();
  const tracker = useTracker();
  const user = useCurrentUser();
  const logout = useLogout();
  const { confirm } = useTip();
  const [selection, update] = useSelection(clientId, WATCHED);
  const [picking, setPicking] = useState(false);
  const servers = useServers();
  const roles = useRoles(selection.server?.value);
  const page = usePageConfig();
  const areaRole = page.data?.area_config.is_area_role === true;
  const roleId = useId();

  useEntryServer(servers.data?.servers, selection.server?.value, update);

  const chooseRole = (role: Role) => {
    update({
      role: { value: role.role_id, display: role.role_name },
      ...(role.area_id ? { area: { value: role.area_id, display: role.area_id } } : {}),
    });
    tracker.track("selectRole", { role_id: role.role_id, server_id: role.server_id });
  };

  // One character on the server is chosen for the player; a role_id from the link picks its own.
  const list = roles.data?.roles;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the role list changes.
  useEffect(() => {
    if (!list) return;
    const wanted = entryParams.get("role_id");
    const current = list.find((r) => r.role_id === selection.role?.value);
    if (current) return;
    const pick = (wanted && list.find((r) => r.role_id === wanted)) || (list.length === 1 ? list[0] : undefined);
    if (pick) chooseRole(pick);
    else if (selection.role) update({ role: undefined });
    entryParams.delete("role_id");
  }, [list]);

  const switchAccount = async () => {
    if (await confirm({ title: t("login.switchAccount"), text: t("login.confirmSwitch", { name: user?.username ?? "" }) }))
      uiActions.openLogin();
  };

  return (
    <section className="sf-card sf-recipient" aria-labelledby="sf-recipient-title">
      <h2 id="sf-recipient-title" className="sf-card__title">
        {t("role.topUpFor")}
      </h2>
      {user ? (
        <div className="sf-recipient__account">
          <span className="sf-avatar" aria-hidden="true">
            {user.username.slice(0, 1).toUpperCase()}
          </span>
          <ClippedText className="sf-recipient__name" data-testid="account-name" text={user.username} />
          <button type="button" className="sf-link-button" onClick={() => void switchAccount()}>
            {t("login.switchAccount")}
          </button>
          <button type="button" className="sf-link-button" onClick={() => void logout()}>
            {t("login.logout")}
          </button>
        </div>
      ) : (
        <div className="sf-recipient__account">
          <p className="sf-muted">{t("login.enterAccount")}</p>
          <button type="button" className="sf-button sf-button--primary" onClick={() => uiActions.openLogin()} data-testid="login-open">
            {t("login.title")}
          </button>
        </div>
      )}
      {user ? (
        <>
          <div className="sf-recipient__row">
            <span className="sf-recipient__label">{t("role.server")}</span>
            <button type="button" className="sf-select-button" onClick={() => setPicking(true)} data-testid="server-open">
              {selection.server ? iso(selection.server.display) : t("role.selectServer")}
            </button>
          </div>
          {selection.server ? (
            <div className="sf-recipient__row">
              <label className="sf-recipient__label" htmlFor={roleId}>
                {t("role.role")}
              </label>
              {roles.isPending ? (
                <span className="sf-skeleton__line" aria-busy="true" />
              ) : list && list.length > 0 ? (
                <select
                  id={roleId}
                  className="sf-select"
                  value={selection.role?.value ?? ""}
                  data-testid="role-select"
                  onChange={(e) => {
                    const role = list.find((r) => r.role_id === e.target.value);
                    if (role) chooseRole(role);
                  }}
                >
                  <option value="" disabled>
                    {t("role.selectRole")}
                  </option>
                  {list.map((r) => (
                    <option key={r.role_id} value={r.role_id}>
                      {iso(r.role_name)} · {t("role.level", { level: r.level })}
                    </option>
                  ))}
                </select>
              ) : (
                <p className="sf-inline-error" role="status" data-testid="no-role">
                  {t("role.noRole")}
                </p>
              )}
            </div>
          ) : null}
          {areaRole && selection.area ? (
            <div className="sf-recipient__row">
              <span className="sf-recipient__label">{t("role.area")}</span>
              <span>{iso(selection.area.display)}</span>
            </div>
          ) : null}
          {selection.role ? (
            <p className="sf-recipient__confirm" data-testid="role-confirm">
              {iso(selection.role.display)} · {iso(selection.server?.display ?? "")}
            </p>
          ) : null}
        </>
      ) : null}
      {picking ? (
        <Loaded
          fallback={null}
          error={
            <Dialog open title={t("role.selectServer")} onClose={() => setPicking(false)}>
              <PartError />
            </Dialog>
          }
        >
          <ServerPicker
            servers={servers.data?.servers ?? []}
            current={selection.server?.value}
            onClose={() => setPicking(false)}
            onPick={(s) => {
              update({ server: { value: s.server_id, display: s.server_name }, realServer: s.real_server, role: undefined });
              setPicking(false);
            }}
          />
        </Loaded>
      ) : null}
    </section>
  );
}

/** Entry parameters (server_id, role_id, area_id) preselect the server and the character once: here the server. */
function useEntryServer(
  servers: GameServer[] | undefined,
  current: string | undefined,
  update: (patch: Partial<OrderSelection>) => void,
): void {
  useEffect(() => {
    const serverId = entryParams.get("server_id");
    if (!serverId || !servers || current === serverId) return;
    const server = servers.find((s) => s.server_id === serverId);
    if (server) update({ server: { value: server.server_id, display: server.server_name }, realServer: server.real_server });
    entryParams.delete("server_id");
  }, [servers, current, update]);
}

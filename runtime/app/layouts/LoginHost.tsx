// Opens the login popup when anything asks for it (buy without a login, -600, switch account): it
// binds the store's openLogin (shared/ui-actions.ts). The popup itself is loaded on first use.
import { useEffect, useState } from "react";
import { useTranslation } from "../../lib/use-translation.ts";
import { uiActions } from "../../shared/ui-actions.ts";
import { lazyWithStrings } from "../../ui/deferred.tsx";
import { Dialog } from "../../ui/dialog.tsx";
import { Loaded, PartError } from "../../ui/part-boundary.tsx";

const LoginDialog = lazyWithStrings(() => import("../../features/login/LoginDialog.tsx"));

export function LoginHost() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  useEffect(() => uiActions.bind({ openLogin: () => setOpen(true) }), []);
  const close = () => setOpen(false);
  return open ? (
    <Loaded
      fallback={null}
      error={
        <Dialog open title={t("login.title")} onClose={close}>
          <PartError />
        </Dialog>
      }
    >
      <LoginDialog onClose={close} />
    </Loaded>
  ) : null;
}

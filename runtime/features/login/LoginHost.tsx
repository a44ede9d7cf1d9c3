// Opens the login popup when anything asks for it (buy without a login, -600, switch account); the
// popup itself is loaded on first use.

import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { lazyWithStrings } from "../../ui/deferred.tsx";
import { Dialog } from "../../ui/dialog.tsx";
import { Loaded, PartError } from "../../ui/part-boundary.tsx";
import { OPEN_LOGIN_EVENT } from "./session.ts";

const LoginDialog = lazyWithStrings(() => import("./LoginDialog.tsx"));

export function LoginHost() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const show = () => setOpen(true);
    window.addEventListener(OPEN_LOGIN_EVENT, show);
    return () => window.removeEventListener(OPEN_LOGIN_EVENT, show);
  }, []);
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

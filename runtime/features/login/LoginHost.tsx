// Opens the login popup when anything asks for it (buy without a login, -600, switch account); the
// popup itself is loaded on first use.

import { Suspense, useEffect, useState } from "react";
import { lazyWithStrings } from "../../ui/deferred.tsx";
import { OPEN_LOGIN_EVENT } from "./session.ts";

const LoginDialog = lazyWithStrings(() => import("./LoginDialog.tsx"));

export function LoginHost() {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const show = () => setOpen(true);
    window.addEventListener(OPEN_LOGIN_EVENT, show);
    return () => window.removeEventListener(OPEN_LOGIN_EVENT, show);
  }, []);
  return open ? (
    <Suspense fallback={null}>
      <LoginDialog onClose={() => setOpen(false)} />
    </Suspense>
  ) : null;
}

// The login popup: account or prepaid-card login, the third-party providers of the
// login config, and the privacy and user-agreement notes.
import "./login.css";
import { type FormEvent, useId, useState } from "react";
import { CODE } from "../../../core/browser/generated/api-errors.ts";
import { ApiError } from "../../lib/api/client.ts";
import { encodeCredential, isInAppBrowser } from "../../lib/encode.ts";
import { webUrl } from "../../lib/safe-url.ts";
import { useTranslation } from "../../lib/use-translation.ts";
import { useCurrentGame } from "../../shared/api/games.ts";
import { useClientId, useErrorHandler } from "../../shared/services.ts";
import { useBrand } from "../../shared/session/brand-context.ts";
import { Dialog } from "../../ui/dialog.tsx";
import { PasswordField } from "../../ui/password-field.tsx";
import { richText } from "../../ui/rich.tsx";
import { useLoginConfig } from "./api/get-login-config.ts";
import { useCompleteLogin } from "./complete-login.ts";
import { useLoginApi } from "./login-api.ts";
import { ProviderIcon } from "./ProviderIcon.tsx";
import { NEEDS_REAL_BROWSER, type Provider, SignInCancelled, signIn } from "./providers.ts";

type Mode = "account" | "card";

export default function LoginDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { brand } = useBrand();
  const clientId = useClientId();
  const handleError = useErrorHandler();
  const loginApi = useLoginApi();
  const completeLogin = useCompleteLogin();
  const config = useLoginConfig(true);
  const [mode, setMode] = useState<Mode>("account");
  const [account, setAccount] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [envBlocked, setEnvBlocked] = useState(false);
  const ids = { account: useId(), hint: useId(), error: useId() };
  const ready = account.trim() !== "" && password.trim() !== "";

  const fail = (err: unknown) => {
    if (err instanceof SignInCancelled) return;
    if (err instanceof ApiError && err.code === CODE.notRealName) {
      onClose();
      handleError(err);
      return;
    }
    setError(err instanceof ApiError ? err.message || t("error.logFail") : t("error.network"));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready || busy) return;
    setBusy(true);
    setError(null);
    try {
      const result = await (loginApi.current ?? (await loginApi.ready())).call("auth", {
        username: encodeCredential(account),
        password: encodeCredential(password),
        login_type: mode,
        client_id: clientId,
      });
      completeLogin(result, mode);
    } catch (err) {
      fail(err);
      setBusy(false);
    }
  };

  const withProvider = async (provider: Provider) => {
    if (NEEDS_REAL_BROWSER.has(provider) && isInAppBrowser(navigator.userAgent)) {
      setEnvBlocked(true);
      return;
    }
    if (!config.data) return;
    setBusy(true);
    setError(null);
    try {
      const api = loginApi.current ?? (await loginApi.ready());
      completeLogin(await signIn(provider, { api, clientId, config: config.data }), provider);
    } catch (err) {
      fail(err);
      setBusy(false);
    }
  };

  const providers = config.data?.json_type ?? [];
  return (
    <Dialog open title={t("login.title")} onClose={onClose}>
      <form className="sf-login" onSubmit={submit} noValidate>
        {brand.features.prepaidCard ? (
          <ModeSwitch
            mode={mode}
            onChange={(m) => {
              setMode(m);
              setError(null);
            }}
          />
        ) : null}
        <p id={ids.hint} className="sf-field-hint">
          {t(mode === "account" ? "login.enterAccount" : "login.enterCard")}
        </p>
        <label className="sf-field" htmlFor={ids.account}>
          <span>{t(mode === "account" ? "login.account" : "login.cardNumber")}</span>
          <input
            id={ids.account}
            name="username"
            autoComplete={mode === "account" ? "username" : "off"}
            value={account}
            maxLength={mode === "card" ? 80 : 128}
            aria-describedby={ids.hint}
            onChange={(e) => setAccount(e.target.value)}
          />
        </label>
        <PasswordField
          label={t(mode === "account" ? "login.password" : "login.cardPassword")}
          name="password"
          autoComplete={mode === "account" ? "current-password" : "off"}
          value={password}
          maxLength={mode === "card" ? 80 : 128}
          describedBy={error ? ids.error : ids.hint}
          onChange={setPassword}
        />
        {error ? (
          <p id={ids.error} className="sf-form-error" role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className="sf-button sf-button--primary sf-button--block" disabled={!ready || busy} aria-busy={busy}>
          {t("login.submit")}
        </button>
        {providers.length > 0 ? <ProviderButtons providers={providers} busy={busy} onSignIn={(p) => void withProvider(p)} /> : null}
        {envBlocked ? <InAppNotice /> : null}
        <PrivacyNote />
      </form>
    </Dialog>
  );
}

/** Account or prepaid-card login, for brands that sell prepaid cards. */
function ModeSwitch({ mode, onChange }: { mode: Mode; onChange: (mode: Mode) => void }) {
  const { t } = useTranslation();
  return (
    <fieldset className="sf-segmented">
      <legend className="sf-visually-hidden">{t("login.title")}</legend>
      {(["account", "card"] as const).map((m) => (
        <button key={m} type="button" aria-pressed={mode === m} onClick={() => onChange(m)}>
          {t(m === "account" ? "login.byAccount" : "login.byCard")}
        </button>
      ))}
    </fieldset>
  );
}

/** The third-party providers the login config lists, each signing in through its popup. */
function ProviderButtons({ providers, busy, onSignIn }: { providers: Provider[]; busy: boolean; onSignIn: (provider: Provider) => void }) {
  const { t } = useTranslation();
  return (
    <div className="sf-login__providers">
      <p className="sf-divider">{t("login.orWith")}</p>
      <ul>
        {providers.map((p) => (
          <li key={p}>
            <button type="button" className="sf-provider" data-provider={p} disabled={busy} onClick={() => onSignIn(p)}>
              <ProviderIcon provider={p} />
              <span>{t("login.continueWith", { provider: t(`login.provider.${p}`) })}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The privacy policy and user agreement: the game's own when it has them, else the brand's. */
function PrivacyNote() {
  const { t } = useTranslation();
  const { brand } = useBrand();
  const { parent } = useCurrentGame();
  const privacy = webUrl(parent?.privacy) ?? brand.links.privacy;
  const terms = webUrl(parent?.terms) ?? brand.links.terms;
  return (
    <p className="sf-login__note">
      {richText(t as never, "login.privacyNote", {
        privacy: (
          <a href={privacy} target="_blank" rel="noopener noreferrer">
            {t("login.privacy")}
          </a>
        ),
        terms: (
          <a href={terms} target="_blank" rel="noopener noreferrer">
            {t("login.terms")}
          </a>
        ),
      })}
    </p>
  );
}

/** tip_login_env_error: the page must be opened in a real browser; offer the link to copy. */
function InAppNotice() {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  return (
    <div className="sf-notice" role="alert">
      <p>{t("error.loginEnv")}</p>
      <button
        type="button"
        className="sf-button sf-button--secondary"
        onClick={() => {
          void navigator.clipboard?.writeText(window.location.href).then(
            () => setCopied(true),
            () => setCopied(false),
          );
        }}
      >
        {copied ? t("common.copied") : t("common.copyUrl")}
      </button>
    </div>
  );
}

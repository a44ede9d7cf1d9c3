// The Korean-market payment script: loaded only on non-mobile devices when the site is in Korean.
import { KR_SCRIPT_PATH } from "../../core/browser/hosting/external-scripts.ts";
import { isMobile } from "./device.ts";

export const shouldLoadKoreanScript = (language: string, userAgent: string) => language === "ko" && !isMobile(userAgent);

let loading: Promise<void> | undefined;

export function loadKoreanScript(apiHost: string, doc: Document = document): Promise<void> {
  loading ??= new Promise<void>((resolve, reject) => {
    const script = doc.createElement("script");
    script.src = `${apiHost}${KR_SCRIPT_PATH}`;
    script.async = true;
    script.dataset.sfKrPay = "";
    script.onload = () => resolve();
    script.onerror = () => {
      loading = undefined;
      reject(new Error("Korean payment script failed to load"));
    };
    doc.head.append(script);
  });
  return loading;
}

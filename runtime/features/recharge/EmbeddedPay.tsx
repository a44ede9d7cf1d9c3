// The embedded pay dialog (docs/decisions.md, "Purchase journey"): Airwallex card and redirect types and the Alipay card flow show
// the provider's page inside the store; its answer (a message from that page) closes the dialog.
import { useEffect } from "react";
import { Dialog } from "../../ui/dialog.tsx";

export function EmbeddedPay({
  url,
  billingNo,
  title,
  onDone,
  onClose,
}: {
  url: string;
  billingNo: string;
  title: string;
  onDone: () => void;
  onClose: () => void;
}) {
  useEffect(() => {
    const origin = new URL(url, window.location.href).origin;
    const onMessage = (event: MessageEvent) => {
      const data = event.data as { source?: string; billing_no?: string; outcome?: string } | null;
      if (event.origin !== origin || data?.source !== "sandbox-checkout" || data.billing_no !== billingNo) return;
      // Paid, declined or left pending: the result (polled) tells which.
      onDone();
    };
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, [url, billingNo, onDone]);
  return (
    <Dialog open title={title} onClose={onClose} variant="sheet">
      <iframe className="sf-embedded-pay" src={url} title={title} data-testid="embedded-pay" />
    </Dialog>
  );
}

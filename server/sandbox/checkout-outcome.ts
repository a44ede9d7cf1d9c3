// What the sandbox's payment providers decide: the outcome a submitted checkout form stands for.

/** The card number that is always declined; any other valid number pays. */
export const TEST_CARD_DECLINED = "4000000000000002";

function luhn(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return number.length >= 12 && sum % 10 === 0;
}

export function outcomeOf(body: Record<string, string | undefined>): "approved" | "declined" | "pending" | undefined {
  const outcome = body.outcome;
  if (outcome === "approved" || outcome === "declined" || outcome === "pending") return outcome;
  if (outcome !== "card") return undefined;
  if (body.step === "mycard")
    return body.card_password === "mycard" && /^[A-Za-z0-9]{6,20}$/.test(body.card_number ?? "") ? "approved" : "declined";
  const number = (body.card_number ?? "").replace(/[\s-]/g, "");
  return /^\d{12,19}$/.test(number) && luhn(number) && number !== TEST_CARD_DECLINED ? "approved" : "declined";
}

/** The simulated step of a method's flow on its checkout page. */
export function checkoutStep(flow: string): { card: boolean; threeDSecure: boolean; myCard: boolean } {
  return {
    card: flow === "airwallexCard" || flow === "alipayCard" || flow === "krCardScript",
    threeDSecure: flow === "airwallexRedirect",
    myCard: flow === "inGameCard",
  };
}

// A brand that exists nowhere else in the project (not in brands.yaml, the runtime, the server or the
// tests' fixtures): the onboarding proof adds it to a copy of brands.yaml, by text, as an operator would.

export const NIMBUS = {
  id: "nimbus",
  name: "Nimbus Play",
  title: "Nimbus Play Top-up",
  themeColor: "#0d7c66",
  /** Its sales area with the default game, for the store's entry link, and that area's default language. */
  area: "sea",
  language: "en",
  webClientId: "9101003",
} as const;

export const NIMBUS_YAML = `  # Nimbus Play: two sales areas, seven languages, a game in each area.
  - id: nimbus
    name: Nimbus Play
    title: Nimbus Play Top-up
    themeColor: "#0d7c66"
    currency: USD
    copyright: "© 2026 Nimbus Play Pte. Ltd."
    links:
      privacy: https://nimbus.example/privacy
      terms: https://nimbus.example/terms
    support:
      url: https://nimbus.example/help
      email: help@nimbus.example
    hosts:
      production: [pay.nimbus.example]
      demo: [pay-demo.nimbus.example]
    api:
      production:
        primary: https://api.nimbus.example
        backup: [https://api-b.nimbus.example]
        tracking: https://track.nimbus.example
      demo:
        primary: https://api-demo.nimbus.example
        tracking: https://track-demo.nimbus.example
    areas:
      sea:
        languages: [en, id, th, vi]
        defaultLanguage: en
        regions: [ID, TH, VN, PH]
        loginClientId: nimbus-login-sea
      useuro:
        languages: [en, de, fr]
        defaultLanguage: en
        regions: [US, DE, FR]
        loginClientId: nimbus-login-useuro
    login:
      google:
        clientId: 900100200-nimbus.apps.googleusercontent.example
        package: com.nimbus.skyreach
    tracking:
      appId: nimbus-web
      eventId: "77"
    games:
      skyreach:
        name: Skyreach
        clientIdMap: { android: "9101001", ios: "9101002", web: "9101003" }
        area: sea
      tidebound:
        name: Tidebound
        clientIdMap: { android: "9102001", ios: "9102002", web: "9102003" }
        area: useuro
    defaultGame: skyreach
    layout:
      default: new
`;

/** The config with Nimbus as the first brand (inserted right under `brands:`). */
export function withNimbus(config: string): string {
  const at = config.indexOf("\nbrands:\n");
  if (at < 0) throw new Error("no top-level 'brands:' line in the config");
  const end = at + "\nbrands:\n".length;
  return `${config.slice(0, end)}${NIMBUS_YAML}${config.slice(end)}`;
}

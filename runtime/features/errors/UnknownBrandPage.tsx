// Shown when the page names no brand this build knows (a host that is not configured).
import en from "../../../locales/en.json";

export function UnknownBrandPage() {
  return (
    <main className="sf-message-page" aria-labelledby="sf-unknown-title">
      <h1 id="sf-unknown-title">{en.unknownBrand.title}</h1>
      <p>{en.unknownBrand.text}</p>
    </main>
  );
}

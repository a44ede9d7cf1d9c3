// The floor of the performance benchmark: the named stack (react, react-dom, react-router-dom,
// @tanstack/react-query, i18next, react-i18next) rendering one heading, and nothing else.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import i18next from "i18next";
import { createRoot } from "react-dom/client";
import { initReactI18next, useTranslation } from "react-i18next";
import { BrowserRouter, Route, Routes } from "react-router-dom";

i18next.use(initReactI18next).init({ lng: "en", resources: { en: { translation: { title: "Top-up Center" } } } });

function Heading() {
  const { t } = useTranslation();
  // (The default text keeps the storefront's typed keys out of this page.)
  return <h1>{t("title", "Top-up Center")}</h1>;
}

const root = document.getElementById("root");
if (root) {
  createRoot(root).render(
    <QueryClientProvider client={new QueryClient()}>
      <BrowserRouter>
        <Routes>
          <Route path="*" element={<Heading />} />
        </Routes>
      </BrowserRouter>
    </QueryClientProvider>,
  );
}

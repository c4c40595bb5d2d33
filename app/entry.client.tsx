import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { onMissingText } from "./lib/translate";
import { initBrowserErrorReporting } from "./ui/error-reporting.client";
import { TextSourceProvider } from "./ui/i18n";
import { browserTextSource, loadPreloadedTexts } from "./ui/texts.client";

initBrowserErrorReporting();
// A text the page did not declare (app/lib/text-groups.ts) shows as its key; say so where tests and monitoring see it.
onMissingText((key) => console.error(`Missing text: ${key} is not among the texts this page declares`));

// The page's texts and the pages' path words first (preloaded alongside the scripts), so hydration renders the
// server's words and links. Without them the page stays as the server rendered it: it works as without JavaScript.
void loadPreloadedTexts().then(() =>
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <TextSourceProvider source={browserTextSource}>
          <HydratedRouter />
        </TextSourceProvider>
      </StrictMode>,
    );
  }),
);

import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import en from "../../../locales/en/common.json";
import { I18nProvider } from "../i18n";

/** For the form components' tests: the HTML a part renders with the layout's English texts, without React's text separators. */
export function renderInEnglish(node: ReactNode): string {
  return renderToString(
    <I18nProvider lang="en" resources={{ common: en }}>
      {node}
    </I18nProvider>,
  ).replace(/<!-- -->/g, "");
}

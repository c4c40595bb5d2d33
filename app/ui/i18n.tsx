import { createInstance, type i18n } from "i18next";
import { useMemo, type ReactNode } from "react";
import { I18nextProvider, initReactI18next, useTranslation } from "react-i18next";
import type { Lang } from "~/lib/lang";

type Resources = Record<string, unknown>;

/**
 * One i18next instance per language and brand, built from the texts the root loader sent, synchronously,
 * so the server and the browser render the same words on the first pass.
 */
export function I18nProvider({ lang, brandId, resources, children }: { lang: Lang; brandId: string; resources: Resources; children: ReactNode }) {
  const instance = useMemo<i18n>(() => {
    const inst = createInstance();
    inst.use(initReactI18next).init({
      lng: lang,
      fallbackLng: false,
      ns: [brandId],
      defaultNS: brandId,
      resources: { [lang]: { [brandId]: resources } },
      initAsync: false,
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    });
    return inst;
  }, [lang, brandId, resources]);
  return <I18nextProvider i18n={instance}>{children}</I18nextProvider>;
}

/** The translate function of the current language and brand. */
export function useT() {
  return useTranslation().t;
}

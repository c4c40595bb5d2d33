import { createInstance, type i18n } from "i18next";
import { useMemo, type ReactNode } from "react";
import { I18nextProvider, initReactI18next, useTranslation } from "react-i18next";
import type { Lang } from "~/lib/lang";

type Resources = Record<string, unknown>;

/**
 * One i18next instance per language and brand, built synchronously from the texts the root loader sent, so the
 * server and the browser render the same words on the first pass. Instances never change language, so one
 * serves every request of its language and brand.
 */
// Keyed by the texts object too: pages send all texts or all but the booking ones (two objects per language).
const instances = new WeakMap<Resources, Map<string, i18n>>();

export function i18nFor(lang: Lang, brandId: string, resources: Resources): i18n {
  const key = `${lang}:${brandId}`;
  let byKey = instances.get(resources);
  const cached = byKey?.get(key);
  if (cached) return cached;
  const instance = createInstance();
  instance.use(initReactI18next).init({
    lng: lang,
    fallbackLng: false,
    ns: [brandId],
    defaultNS: brandId,
    resources: { [lang]: { [brandId]: resources } },
    initAsync: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  if (!byKey) instances.set(resources, (byKey = new Map()));
  byKey.set(key, instance);
  return instance;
}

export function I18nProvider({
  lang,
  brandId,
  resources,
  children,
}: {
  lang: Lang;
  brandId: string;
  resources: Resources;
  children: ReactNode;
}) {
  const instance = useMemo(() => i18nFor(lang, brandId, resources), [lang, brandId, resources]);
  return <I18nextProvider i18n={instance}>{children}</I18nextProvider>;
}

/** The translate function of the current language and brand. */
export function useT() {
  return useTranslation().t;
}

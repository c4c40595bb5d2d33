import type { T } from "~/lib/translate";
import { LocalizedLink } from "~/ui/localized-link";

/**
 * The help page's questions on SMS authentication (spec part 1 §2: only with the feature `mfa`). Each answer is a
 * `<details>`, so it opens and closes without JavaScript.
 */
export function SmsAuthenticationFaq({ t }: { t: T }) {
  return (
    <section aria-labelledby="faq-mfa">
      <h2 id="faq-mfa">{t("info.help.mfa.heading")}</h2>
      <details className="disclosure">
        <summary>{t("info.help.mfa.whatQuestion")}</summary>
        <p>{t("info.help.mfa.whatAnswer")}</p>
      </details>
      <details className="disclosure">
        <summary>{t("info.help.mfa.switchQuestion")}</summary>
        <p>{t("info.help.mfa.switchAnswer")}</p>
        <p>
          <LocalizedLink to="myInformation">{t("info.help.mfa.switchLink")}</LocalizedLink>
        </p>
      </details>
      <details className="disclosure">
        <summary>{t("info.help.mfa.phoneQuestion")}</summary>
        <p>{t("info.help.mfa.phoneAnswer")}</p>
      </details>
      <details className="disclosure">
        <summary>{t("info.help.mfa.noCodeQuestion")}</summary>
        <p>{t("info.help.mfa.noCodeAnswer")}</p>
      </details>
      <details className="disclosure">
        <summary>{t("info.help.mfa.tooManyQuestion")}</summary>
        <p>{t("info.help.mfa.tooManyAnswer")}</p>
      </details>
    </section>
  );
}

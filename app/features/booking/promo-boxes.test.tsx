import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import booking from "../../../locales/en/booking.json";
import { I18nProvider } from "~/ui/i18n";
import type { RootData } from "~/ui/root-data";
import { OccupationalPromoBoxes } from "./promo-boxes";
import type { OccupationalPromos } from "./promo";
import { OccupationalNotice } from "./search-occupational";

const promos: OccupationalPromos = {
  phoneService: { phoneNumber: "030 600 5070", liftupDescription: "Hoitaja neuvoo." },
  chat: true,
};
const brand = {
  customerServicePhone: "030 600 5000",
  links: { appStore: "https://apps.example/ios", googlePlay: "https://apps.example/android" },
};
const common = { footer: { appStore: "App Store", googlePlay: "Google Play" } };

/** Server-renders `children` as a page under a root whose loader data has this session scope. */
function render(children: React.ReactNode, sessionScope: RootData["sessionScope"]): string {
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      Component: () => (
        <I18nProvider lang="en" resources={{ booking, common }}>
          {children}
        </I18nProvider>
      ),
    },
  ]);
  return renderToString(<Stub hydrationData={{ loaderData: { root: { lang: "en", brand, sessionScope } } }} />);
}

describe("OccupationalPromoBoxes", () => {
  it("shows the phone service with its number and Finnish description, and the chat with the app links", () => {
    const html = render(<OccupationalPromoBoxes promos={promos} />, null);
    expect(html).toContain("Call the occupational health phone service");
    expect(html).toContain('<a href="tel:0306005070">030 600 5070</a>');
    expect(html).toContain('<p lang="fi">Hoitaja neuvoo.</p>');
    expect(html).toContain("The occupational health chat is in our mobile app.");
    expect(html).toContain('href="https://apps.example/ios"');
    expect(html).toContain('href="https://apps.example/android"');
  });

  it("shows nothing in a booking started from the mobile app", () => {
    const html = render(<OccupationalPromoBoxes promos={promos} />, "in-app-booking");
    expect(html).not.toContain("phone service");
    expect(html).not.toContain("chat");
    expect(html).not.toContain("<section");
  });
});

describe("OccupationalNotice without web reservation", () => {
  const access = { type: "phoneService", phone: "030 600 5060", description: "Puhelinpalvelu varaa ajan." } as const;

  it("is the phone-service promo with the contract's number and description", () => {
    const html = render(<OccupationalNotice access={access} phone={brand.customerServicePhone} />, null);
    expect(html).toContain("Book by phone");
    expect(html).toContain('<a href="tel:0306005060">030 600 5060</a>');
    expect(html).toContain('<p lang="fi">Puhelinpalvelu varaa ajan.</p>');
  });

  it("becomes the error with the customer-service phone in a booking started from the mobile app", () => {
    const html = render(<OccupationalNotice access={access} phone={brand.customerServicePhone} />, "in-app-booking");
    expect(html).toContain("Online booking is not available");
    expect(html).toContain('<a href="tel:0306005000">030 600 5000</a>');
    expect(html).not.toContain("030 600 5060");
    expect(html).not.toContain("Puhelinpalvelu");
  });
});

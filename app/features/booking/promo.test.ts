import { describe, expect, it } from "vitest";
import {
  IN_APP_BOOKING_SCOPE,
  NO_PROMOS,
  OCCUPATIONAL_CHAT_PRODUCT_ID,
  OCCUPATIONAL_PHONE_SERVICE_PRODUCT_ID,
  occupationalPromos,
  promosHidden,
  visiblePromos,
} from "./promo";

const contract = {
  hasOccupationalCare: true,
  occupationalContractProductIds: [OCCUPATIONAL_PHONE_SERVICE_PRODUCT_ID, OCCUPATIONAL_CHAT_PRODUCT_ID],
  occupationalPhoneService: "030 600 5070",
  occupationalPhoneServiceDescription: " Hoitaja neuvoo. ",
};

describe("occupationalPromos", () => {
  it("offers the phone service with its number and description, and the chat, by the contract's product ids", () => {
    expect(occupationalPromos(contract)).toEqual({
      phoneService: { phoneNumber: "030 600 5070", liftupDescription: "Hoitaja neuvoo." },
      chat: true,
    });
  });

  it("offers each promo only with its own product id", () => {
    expect(occupationalPromos({ ...contract, occupationalContractProductIds: [OCCUPATIONAL_CHAT_PRODUCT_ID] })).toEqual(
      {
        phoneService: null,
        chat: true,
      },
    );
    expect(
      occupationalPromos({ ...contract, occupationalContractProductIds: [OCCUPATIONAL_PHONE_SERVICE_PRODUCT_ID] }),
    ).toEqual({ phoneService: { phoneNumber: "030 600 5070", liftupDescription: "Hoitaja neuvoo." }, chat: false });
    expect(occupationalPromos({ ...contract, occupationalContractProductIds: ["OHC-OTHER", "ohc-chat"] })).toEqual(
      NO_PROMOS,
    );
  });

  it("needs a phone number for the phone service; the description is optional", () => {
    expect(occupationalPromos({ ...contract, occupationalPhoneService: null }).phoneService).toBeNull();
    expect(occupationalPromos({ ...contract, occupationalPhoneService: "  " }).phoneService).toBeNull();
    expect(occupationalPromos({ ...contract, occupationalPhoneServiceDescription: null }).phoneService).toEqual({
      phoneNumber: "030 600 5070",
      liftupDescription: null,
    });
  });

  it("offers nothing without occupational care", () => {
    expect(occupationalPromos({ ...contract, hasOccupationalCare: false })).toEqual(NO_PROMOS);
  });
});

describe("the in-app booking scope", () => {
  it("hides every promo, and only that scope does", () => {
    const promos = occupationalPromos(contract);
    expect(promosHidden(IN_APP_BOOKING_SCOPE)).toBe(true);
    expect(visiblePromos(promos, "in-app-booking")).toEqual(NO_PROMOS);
    for (const scope of [null, undefined, "", "other"]) {
      expect(promosHidden(scope)).toBe(false);
      expect(visiblePromos(promos, scope)).toBe(promos);
    }
  });
});

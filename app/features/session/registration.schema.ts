import { z } from "zod";
import { contactFields } from "~/lib/contact-fields";

/**
 * Registration of a person who identified strongly but has no patient record (spec part 2 §2).
 * Names are asked only when identification did not provide them.
 */
export function registrationSchema(namesFromIdentification: boolean) {
  const base = {
    streetAddress: contactFields.streetAddress,
    postalCode: contactFields.postalCode,
    postOffice: contactFields.postOffice,
    phoneNumber: contactFields.phoneNumber,
    emailAddress: contactFields.emailAddress,
  };
  return namesFromIdentification
    ? z.object(base)
    : z.object({
        ...base,
        firstName: contactFields.name("contact.errors.firstName"),
        lastName: contactFields.name("contact.errors.lastName"),
      });
}

export const REGISTRATION_FIELDS = [
  "firstName",
  "lastName",
  "streetAddress",
  "postalCode",
  "postOffice",
  "phoneNumber",
  "emailAddress",
] as const;

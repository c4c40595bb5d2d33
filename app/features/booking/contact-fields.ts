/** The contact editor's fields (contact-editor-form.tsx): name, autocomplete token and input type, in order. */
export const CONTACT_EDITOR_FIELDS = [
  ["streetAddress", "street-address", "text"],
  ["postalCode", "postal-code", "text"],
  ["postOffice", "address-level2", "text"],
  ["emailAddress", "email", "email"],
  ["phoneNumber", "tel", "tel"],
] as const;

export type ContactEditorState = { values: Record<string, string>; errors: Record<string, string>; failed?: boolean };

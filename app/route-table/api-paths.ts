/**
 * The JSON calls that the browser's own code makes, by fixed (not localized) paths from the spec; routes.ts declares
 * them from here, so a script never hand-writes one.
 */
export const API_PATHS = {
  userRegister: "/api/user/register",
  userGuardian: "/api/user/guardian",
  mfaOnboarding: "/api/mfa-onboarding",
  mfa: "/api/mfa",
  pin: "/api/pin",
  kelaCard: "/api/kela-card",
  kelaCardInitUpload: "/api/kela-card/init-upload",
  kelaCardFinishUpload: "/api/kela-card/finish-upload",
  /** `/api/kela-card/images/<file id>`: an image of the person's own Kela card. */
  kelaCardImages: "/api/kela-card/images",
  /** Messaging's GraphQL endpoint (spec part 2 §7). */
  customerMessaging: "/api/customer-messaging",
  /** `/api/customer-messaging/attachments/<attachment id>`: a message attachment, for the thread's participants. */
  messageAttachments: "/api/customer-messaging/attachments",
  /** The development file storage's signed uploads (`/dev/uploads/<key>`); never in production. */
  devUploads: "/dev/uploads",
} as const;

/**
 * Marks a request the browser made on its own (a poll): it does not count as activity on the session, and a read it
 * repeats leaves no new access-log row. Scripts send the header; a page’s own data poll (a fetcher, which cannot set
 * headers) sends the query parameter `?background=1`.
 */
export const BACKGROUND_HEADER = "X-Background-Request";
export const BACKGROUND_PARAM = "background";

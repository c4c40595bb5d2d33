import type { RouteHandle } from "~/ui/layout";

/** The development care-team desk's addresses (not localized: a tool, English only) and its pages' layout. */
export const CARE_TEAM_DESK_PATH = "/dev/care-team";

const as = (professionalId: string) => `?professional=${encodeURIComponent(professionalId)}`;

export const deskHref = (professionalId: string) => `${CARE_TEAM_DESK_PATH}${as(professionalId)}`;
export const deskThreadHref = (threadId: number, professionalId: string) =>
  `${CARE_TEAM_DESK_PATH}/${threadId}${as(professionalId)}`;
export const deskAttachmentHref = (attachmentId: string, professionalId: string) =>
  `${CARE_TEAM_DESK_PATH}/attachments/${attachmentId}${as(professionalId)}`;

// A tool, not a customer page: no customer menu, footer or cookie question.
export const deskHandle = {
  hideNavigation: true,
  hideFooter: true,
  hideCookieBanner: true,
  languageSwitchToHome: true,
} satisfies RouteHandle;

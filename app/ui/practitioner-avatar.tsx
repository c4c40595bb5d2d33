import { Avatar, type AvatarView } from "./avatar";

/**
 * The children's brand gives practitioners without a picture one of six avatars, by the first letter of the
 * practitioner id (spec part 2 §9). Letters cycle through the six groups; anything else is group 1.
 */
export function avatarGroup(practitionerId: string): number {
  const code = practitionerId.trim().toUpperCase().charCodeAt(0);
  return code >= 65 && code <= 90 ? ((code - 65) % 6) + 1 : 1;
}

/** The first letters of the first two names: "Anna Aho" → "AA". */
export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join("");
}

/**
 * How a practitioner is drawn: the picture, or initials (six avatar colours by id in the children's brand). A loader
 * can work it out, so that its page draws it with `Avatar` (./avatar.tsx) alone.
 */
export function avatarOf(
  practitioner: { id: string; name: string; pictureUrl: string | null },
  brandId: string | undefined,
): AvatarView {
  if (practitioner.pictureUrl) return { pictureUrl: practitioner.pictureUrl, initials: "", className: "avatar" };
  const group = brandId === "pikkujatti" ? ` avatar--g${avatarGroup(practitioner.id)}` : "";
  return { pictureUrl: null, initials: initials(practitioner.name), className: `avatar avatar--initials${group}` };
}

/**
 * The practitioner's avatar, worked out in the browser (`avatarOf`). Appointments, visits, referrals and the
 * reservation pages show practitioners the same way.
 */
export function PractitionerAvatar({
  practitioner,
  brandId,
}: {
  practitioner: { id: string; name: string; pictureUrl: string | null };
  brandId: string | undefined;
}) {
  return <Avatar avatar={avatarOf(practitioner, brandId)} />;
}

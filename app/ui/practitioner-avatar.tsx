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
 * The practitioner's picture, or initials (six avatar colours by id in the children's brand). Decorative: the name is
 * next to it. Appointments, visits and referrals show practitioners the same way.
 */
export function PractitionerAvatar({
  practitioner,
  brandId,
}: {
  practitioner: { id: string; name: string; pictureUrl: string | null };
  brandId: string | undefined;
}) {
  if (practitioner.pictureUrl)
    return <img className="avatar" src={practitioner.pictureUrl} alt="" width={48} height={48} />;
  const group = brandId === "pikkujatti" ? ` avatar--g${avatarGroup(practitioner.id)}` : "";
  return (
    <span className={`avatar avatar--initials${group}`} aria-hidden="true">
      {initials(practitioner.name)}
    </span>
  );
}

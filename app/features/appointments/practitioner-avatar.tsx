import { avatarGroup, initials } from "./rules";

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

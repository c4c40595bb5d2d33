/** A practitioner's avatar as drawn (practitioner-avatar.tsx `avatarOf`): the picture, or the initials. */
export type AvatarView = { pictureUrl: string | null; initials: string; className: string };

/** A practitioner's picture or initials. Decorative: the name is next to it. */
export function Avatar({ avatar }: { avatar: AvatarView }) {
  return avatar.pictureUrl ? (
    <img className={avatar.className} src={avatar.pictureUrl} alt="" width={48} height={48} />
  ) : (
    <span className={avatar.className} aria-hidden="true">
      {avatar.initials}
    </span>
  );
}

/** A `tel:` address of a number as written ("030 600 5060" → "tel:0306005060"). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^+\d]/g, "")}`;
}

/** A phone number as a `tel:` link, shown as written ("030 600 5000"). */
export function PhoneLink({ phone, className }: { phone: string; className?: string }) {
  return (
    <a href={telHref(phone)} className={className}>
      {phone}
    </a>
  );
}

import type { T } from "~/lib/translate";
import type { AppointmentView } from "./appointments.server";

/**
 * An iCalendar (RFC 5545) file for one appointment, so it can be added to the phone's calendar.
 */
function escapeText(value: string): string {
  return value.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");
}

function utcStamp(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

/** Lines longer than 75 octets are folded with CRLF + space (RFC 5545 §3.1). */
function fold(line: string): string {
  const bytes = new TextEncoder().encode(line);
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let current = "";
  for (const ch of line) {
    if (new TextEncoder().encode(current + ch).length > (parts.length ? 74 : 75)) {
      parts.push(current);
      current = ch;
    } else current += ch;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

export function appointmentCalendar(input: {
  uid: string;
  startsAt: Date;
  durationMinutes: number;
  summary: string;
  location: string;
  description: string;
  now: Date;
}): string {
  const end = new Date(input.startsAt.getTime() + input.durationMinutes * 60_000);
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Solmu//Customer portal//FI",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    "BEGIN:VEVENT",
    `UID:${input.uid}`,
    `DTSTAMP:${utcStamp(input.now)}`,
    `DTSTART:${utcStamp(input.startsAt)}`,
    `DTEND:${utcStamp(end)}`,
    `SUMMARY:${escapeText(input.summary)}`,
    `LOCATION:${escapeText(input.location)}`,
    `DESCRIPTION:${escapeText(input.description)}`,
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return lines.map(fold).join("\r\n") + "\r\n";
}

/** The calendar file of one of the customer's appointments: service and professional, the place, the brand's phone. */
export function appointmentCalendarFile(
  a: AppointmentView,
  input: { t: T; brand: { name: string; customerServicePhone: string }; hostname: string; now: Date },
): string {
  const { t, brand } = input;
  const address = [a.clinic.streetAddress, [a.clinic.postalCode, a.clinic.postOffice].filter(Boolean).join(" ")]
    .filter(Boolean)
    .join(", ");
  return appointmentCalendar({
    uid: `appointment-${a.id}@${input.hostname}`,
    startsAt: new Date(a.startsAt),
    durationMinutes: a.durationMinutes,
    summary: `${a.specialtyName}, ${a.practitioner.name}`,
    location: a.isRemote
      ? t(`appointments.details.${a.locationType}`)
      : [a.clinic.name, address].filter(Boolean).join(", "),
    description: t("appointments.calendar.description", { brand: brand.name, phone: brand.customerServicePhone }),
    now: input.now,
  });
}

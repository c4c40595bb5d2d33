/** HTTP status of a reservation result type. */
export function reservationStatus(type: string): number {
  if (type === "success") return 200;
  if (type === "unknownError") return 500;
  if (type === "noPatient") return 404;
  return 409;
}

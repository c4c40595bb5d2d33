/** The event types of the first insurer's company check. */
export const EVENT_TYPES = ["leisureAccident", "sickness"] as const;
export type EventType = (typeof EVENT_TYPES)[number];

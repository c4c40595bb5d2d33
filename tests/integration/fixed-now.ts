/** "Now" for every integration test: a Friday morning in Helsinki. */
export const FIXED_NOW = new Date("2026-11-20T10:00:00Z");

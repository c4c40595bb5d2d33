/**
 * The Kela card's two sides and its saved images, apart from its rules (kela-card-rules.ts), so the part of My
 * information that only shows the card does not carry the checks of the upload form.
 */
export const KELA_CARD_SIDES = ["front", "back"] as const;
export type KelaCardSide = (typeof KELA_CARD_SIDES)[number];

/** The images as URLs the owner's browser loads them from (`GET /api/kela-card`). */
export type KelaCardImages = { front: string; back: string };

/** What is wrong with a chosen image. */
export type ImageProblem = "missing" | "invalidType" | "tooLarge";

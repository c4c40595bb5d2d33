import { pngImage, type Color } from "./png";
type Rect = readonly [x: number, y: number, width: number, height: number, color: Color];

const WIDTH = 240;
const HEIGHT = 152;
const WHITE: Color = [255, 255, 255];
const BLUE: Color = [0, 83, 156];
const GREY: Color = [150, 158, 166];
const DARK: Color = [40, 44, 52];

/** Flat rectangles on a white card: enough to look like a card in the demo. */
function png(rects: readonly Rect[]): Uint8Array {
  return pngImage(WIDTH, HEIGHT, (x, y) => {
    const rect = rects.findLast(([rx, ry, w, h]) => x >= rx && x < rx + w && y >= ry && y < ry + h);
    return rect ? rect[4] : WHITE;
  });
}

/** The demo person's Kela card: a blue band, a name and a number on the front; a text block on the back. */
export function demoKelaCardImage(side: "front" | "back"): Uint8Array {
  const frame: Rect[] = [
    [0, 0, WIDTH, HEIGHT, GREY],
    [2, 2, WIDTH - 4, HEIGHT - 4, WHITE],
  ];
  if (side === "front")
    return png([
      ...frame,
      [2, 2, WIDTH - 4, 34, BLUE],
      [14, 12, 60, 14, WHITE],
      [14, 56, 150, 12, DARK],
      [14, 80, 110, 10, GREY],
      [14, 104, 90, 10, DARK],
      [14, 124, 130, 10, GREY],
    ]);
  return png([
    ...frame,
    [14, 18, WIDTH - 28, 10, GREY],
    [14, 36, WIDTH - 48, 10, GREY],
    [14, 54, WIDTH - 38, 10, GREY],
    [14, 100, 100, 26, BLUE],
  ]);
}

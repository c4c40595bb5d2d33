import { crc32, deflateSync } from "node:zlib";

type Color = readonly [number, number, number];
type Rect = readonly [x: number, y: number, width: number, height: number, color: Color];

const WIDTH = 240;
const HEIGHT = 152;
const WHITE: Color = [255, 255, 255];
const BLUE: Color = [0, 83, 156];
const GREY: Color = [150, 158, 166];
const DARK: Color = [40, 44, 52];

/** Flat rectangles on a white card, as PNG (8-bit RGB, no filtering): enough to look like a card in the demo. */
function png(rects: readonly Rect[]): Uint8Array {
  const row = WIDTH * 3 + 1;
  const pixels = Buffer.alloc(row * HEIGHT);
  for (let y = 0; y < HEIGHT; y++)
    for (let x = 0; x < WIDTH; x++) {
      const rect = rects.findLast(([rx, ry, w, h]) => x >= rx && x < rx + w && y >= ry && y < ry + h);
      pixels.set(rect ? rect[4] : WHITE, y * row + 1 + x * 3);
    }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(WIDTH, 0);
  header.writeUInt32BE(HEIGHT, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, truecolour, deflate, no filter method variants, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(pixels)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
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

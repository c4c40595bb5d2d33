import { describe, expect, it } from "vitest";
import { detectImageType, isImageType } from "./image-file";

const bytes = (...values: number[]) => new Uint8Array(values);
const PNG = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52);
const JPEG = bytes(0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46);
const EXIF_JPEG = bytes(0xff, 0xd8, 0xff, 0xe1, 0x12, 0x34, 0x45, 0x78, 0x69, 0x66);

describe("detectImageType", () => {
  it("recognises PNG and JPEG (JFIF and Exif) by their first bytes", () => {
    expect(detectImageType(PNG)).toBe("image/png");
    expect(detectImageType(JPEG)).toBe("image/jpeg");
    expect(detectImageType(EXIF_JPEG)).toBe("image/jpeg");
  });

  it("refuses a text file, whatever it is called", () => {
    // What a file named card.png holds says what it is: here, text.
    expect(detectImageType(new TextEncoder().encode("PNG image, honestly\n"))).toBeNull();
    expect(detectImageType(new TextEncoder().encode("\u0089PNG\r\n\u001a\n"))).toBeNull(); // UTF-8 spells 0x89 as two bytes
  });

  it("refuses truncated signatures and empty input", () => {
    expect(detectImageType(PNG.slice(0, 7))).toBeNull();
    expect(detectImageType(JPEG.slice(0, 2))).toBeNull();
    expect(detectImageType(new Uint8Array())).toBeNull();
  });

  it("refuses other image formats: GIF, WebP, BMP", () => {
    expect(detectImageType(new TextEncoder().encode("GIF89a\x01\x00\x01\x00"))).toBeNull();
    expect(detectImageType(new TextEncoder().encode("RIFF\x00\x00\x00\x00WEBPVP8 "))).toBeNull();
    expect(detectImageType(bytes(0x42, 0x4d, 0x36, 0, 0, 0, 0, 0))).toBeNull();
  });

  it("refuses near misses: a PNG signature with one byte changed, a JPEG without its first marker", () => {
    const almost = PNG.slice();
    almost[4] = 0x0a;
    expect(detectImageType(almost)).toBeNull();
    expect(detectImageType(bytes(0xff, 0xd8, 0x00, 0xe0))).toBeNull();
  });
});

describe("isImageType", () => {
  it("accepts exactly the two allowed types", () => {
    expect(isImageType("image/png")).toBe(true);
    expect(isImageType("image/jpeg")).toBe(true);
    for (const other of ["image/gif", "image/jpg", "IMAGE/PNG", "image/png; charset=x", "", null, 1])
      expect(isImageType(other)).toBe(false);
  });
});

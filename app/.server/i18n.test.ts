import express from "express";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LANGS } from "~/lib/lang";
import { pathsUrl, textsUrl } from "~/lib/text-groups";
import { TEXTS_VERSION, serveTexts, serverTextSource } from "./i18n";

describe("a page's texts on the server", () => {
  it("are exactly its declared groups: a key of another group shows as the key", () => {
    for (const lang of LANGS) {
      const t = serverTextSource({
        lang,
        brandId: "main",
        version: TEXTS_VERSION,
        groups: ["appointments.door", "common"],
      }) as (key: string) => string;
      expect(t("common.header.skipToContent")).not.toBe("common.header.skipToContent");
      expect(t("appointments.door.errors.locked")).not.toBe("appointments.door.errors.locked");
      expect(t("appointments.details.when")).toBe("appointments.details.when");
      expect(t("booking.heading")).toBe("booking.heading");
    }
  });

  it("follow the brand: the children's brand has its own words where it overrides them", () => {
    const source = (brandId: "main" | "pikkujatti") =>
      serverTextSource({ lang: "fi", brandId, version: TEXTS_VERSION, groups: ["common"] }) as (k: string) => string;
    expect(source("pikkujatti")("common.brandName")).toBe("Pikkujätti");
    expect(source("main")("common.brandName")).not.toBe("Pikkujätti");
    expect(source("main")("common.header.skipToContent")).toBe(source("pikkujatti")("common.header.skipToContent"));
  });
});

describe("GET /texts/…", () => {
  let origin = "";
  let close = () => {};
  beforeAll(async () => {
    const app = express();
    app.get(/^\/texts\//, serveTexts);
    const server = app.listen(0);
    await new Promise((r) => server.once("listening", r));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close());

  it("serves a group as immutable JSON, nested under its path", async () => {
    const res = await fetch(origin + textsUrl(TEXTS_VERSION, "sv", "main", "appointments.door"));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const body = await res.json();
    expect(Object.keys(body)).toEqual(["appointments"]);
    expect(Object.keys(body.appointments)).toEqual(["door"]);
  });

  it("serves the pages' path words in fi, sv and en as immutable JSON, for the browser's links", async () => {
    const res = await fetch(origin + pathsUrl(TEXTS_VERSION));
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const paths = await res.json();
    expect(paths.login).toEqual(["kirjaudu", "loggain", "login"]);
    expect(paths.doorAppointment).toEqual(["varaus/:token", "bokning/:token", "appointment/:token"]);
    // Words only: the table's module names stay on the server.
    expect(JSON.stringify(paths)).not.toMatch(/routes\//);
    // An old version's page gets today's words, uncached.
    const old = await fetch(origin + pathsUrl("0123456789ab"));
    expect(old.headers.get("cache-control")).toBe("no-cache, max-age=0");
  });

  it("serves an old version's page today's texts, uncached", async () => {
    const res = await fetch(origin + textsUrl("0123456789ab", "fi", "pikkujatti", "common"));
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-cache, max-age=0");
  });

  it.each([
    textsUrl(TEXTS_VERSION, "de", "main", "common"),
    textsUrl(TEXTS_VERSION, "fi", "other", "common"),
    textsUrl(TEXTS_VERSION, "fi", "main", "nothing"),
    textsUrl(TEXTS_VERSION, "fi", "main", "common.nothing.here"),
    textsUrl(TEXTS_VERSION, "fi", "main", "..%2Fsecrets"),
    `/texts/${TEXTS_VERSION}/fi-main/common.js`,
  ])("answers 404 for %s", async (path) => {
    const res = await fetch(origin + path);
    expect(res.status).toBe(404);
  });
});

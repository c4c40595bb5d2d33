import { describe, expect, it } from "vitest";
import { allowMethods, issueDetails, methodNotAllowed, readBody, readForm, validationError } from "./api";

type Thrown = { data: unknown; init: { status?: number; headers?: HeadersInit } | null };

function post(body: BodyInit | null, contentType?: string, method = "POST") {
  return new Request("http://localhost/api/x", {
    method,
    body,
    headers: contentType ? { "Content-Type": contentType } : {},
  });
}

async function refusal(run: () => Promise<unknown>): Promise<Thrown> {
  try {
    await run();
  } catch (thrown) {
    return thrown as Thrown;
  }
  throw new Error("expected a refusal");
}

describe("validationError", () => {
  it("is the spec's 400 answer with string paths and messages", () => {
    const answer = validationError([{ path: "a.b", message: "Invalid" }]) as unknown as Thrown;
    expect(answer.init?.status).toBe(400);
    expect(answer.data).toEqual({ type: "ValidationError", details: [{ path: "a.b", message: "Invalid" }] });
  });

  it("turns zod issue paths into dotted strings and translates the messages", () => {
    expect(issueDetails([{ path: ["items", 0, "name"], message: "key" }], (k) => `t:${k}`)).toEqual([
      { path: "items.0.name", message: "t:key" },
    ]);
  });
});

describe("readBody", () => {
  it("reads a JSON object, a url-encoded form and a multipart form", async () => {
    expect(
      await readBody(post(JSON.stringify({ a: 1, b: "Kipeä\npolvi" }), "application/json; charset=utf-8")),
    ).toEqual({ a: 1, b: "Kipeä\npolvi" });
    expect(await readBody(post("a=1&b=x", "application/x-www-form-urlencoded"))).toEqual({ a: "1", b: "x" });
    const form = new FormData();
    form.set("a", "1");
    expect(await readBody(post(form))).toEqual({ a: "1" });
    expect(await readBody(post(null))).toEqual({});
  });

  it("refuses with a validation answer whatever is not a JSON object or a form of plain text", async () => {
    const cases: [BodyInit | null, string | undefined, string][] = [
      ["null", "application/json", ""],
      ["[1,2]", "application/json", ""],
      ['"text"', "application/json", ""],
      ["37", "application/json", ""],
      ['{"a":', "application/json", ""],
      ["", "application/json", ""],
      ["arrivalReason=x", "text/plain", ""],
      ["<a>1</a>", "application/xml", ""],
      ['{"a":1}', undefined, ""],
      [JSON.stringify({ arrivalReason: "a\u0000b" }), "application/json", "arrivalReason"],
      [JSON.stringify({ items: [{ name: "\u001b[2J" }] }), "application/json", "items.0.name"],
      ['{"a":"\\ud800"}', "application/json", "a"],
      ["streetAddress=Katu%001", "application/x-www-form-urlencoded", "streetAddress"],
      ["--zzz\r\nbroken", "multipart/form-data; boundary=yyy", ""],
    ];
    for (const [body, type, path] of cases) {
      const thrown = await refusal(() => readBody(post(body, type)));
      expect(thrown.init?.status, String(body)).toBe(400);
      expect(thrown.data, String(body)).toEqual({
        type: "ValidationError",
        details: [{ path, message: expect.any(String) }],
      });
    }
  });

  it("refuses a file where text is expected", async () => {
    const form = new FormData();
    form.set("arrivalReason", new Blob(["x"]), "x.txt");
    expect((await refusal(() => readBody(post(form)))).data).toMatchObject({ details: [{ path: "arrivalReason" }] });
  });
});

describe("readForm", () => {
  it("reads a form and refuses other bodies with a bare 400", async () => {
    expect((await readForm(post("a=1", "application/x-www-form-urlencoded"))).get("a")).toBe("1");
    for (const [body, type] of [
      ['{"a":1}', "application/json"],
      ["a=1", "text/plain"],
      [null, undefined],
      ["x", "multipart/form-data"],
    ] as const) {
      expect((await refusal(() => readForm(post(body, type)))).init?.status).toBe(400);
    }
  });
});

describe("allowMethods", () => {
  const next = async () => new Response("reached");
  const run = (method: string, ...allowed: Parameters<typeof allowMethods>) =>
    Promise.resolve(
      allowMethods(...allowed)(
        {
          request: new Request("http://localhost/api/x", { method }),
          context: {} as never,
          params: {},
          unstable_pattern: "",
        } as never,
        next as never,
      ),
    );

  it("lets the call's methods through (GET with HEAD)", async () => {
    expect(await ((await run("POST", "POST")) as Response).text()).toBe("reached");
    expect(await ((await run("HEAD", "GET")) as Response).text()).toBe("reached");
  });

  it("answers every other method, OPTIONS included, with 405 and Allow", async () => {
    for (const [method, allowed, allow] of [
      ["GET", ["POST"], "POST"],
      ["OPTIONS", ["POST"], "POST"],
      ["HEAD", ["PUT"], "PUT"],
      ["OPTIONS", ["GET"], "GET, HEAD"],
      ["DELETE", ["GET", "POST"], "GET, HEAD, POST"],
    ] as const) {
      const thrown = await refusal(() => run(method, ...allowed));
      expect(thrown.init?.status).toBe(405);
      expect(new Headers(thrown.init?.headers).get("Allow")).toBe(allow);
      expect(thrown.data).toEqual({ type: "MethodNotAllowed" });
    }
    expect(new Headers((methodNotAllowed(["DELETE"]) as unknown as Thrown).init?.headers).get("Allow")).toBe("DELETE");
  });
});

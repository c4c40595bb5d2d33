import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { literal, withPreparedStatements } from "./pglite-statements";

describe("literal", () => {
  it("quotes strings so that no value can leave its literal", () => {
    expect(literal("O'Brien")).toBe("'O''Brien'");
    expect(literal("a\\'); drop table x; --")).toBe("E'a\\\\''); drop table x; --'");
    expect(literal(42)).toBe("'42'");
    expect(literal(true)).toBe("'true'");
    expect(literal(null)).toBe("NULL");
    expect(literal(new Date("2026-01-02T03:04:05.000Z"))).toBe("'2026-01-02T03:04:05.000Z'");
  });

  it("refuses values without one safe literal form", () => {
    expect(literal(Number.NaN)).toBeNull();
    expect(literal(Infinity)).toBeNull();
    expect(literal("nul\0byte")).toBeNull();
    expect(literal(new Date(Number.NaN))).toBeNull();
    expect(literal({ a: 1 } as never)).toBeNull();
    expect(literal([1, 2] as never)).toBeNull();
  });
});

describe("withPreparedStatements", () => {
  let raw: PGlite;
  let client: PGlite;
  beforeAll(async () => {
    raw = new PGlite();
    await raw.waitReady;
    client = withPreparedStatements(raw);
    await raw.exec(`create table t (id serial primary key, name text not null unique, at timestamptz, n int)`);
    await raw.exec(
      `insert into t (name, at, n) select 'row' || g, now() + g * interval '1 hour', g from generate_series(1, 50) g`,
    );
  });
  afterAll(() => raw.close());

  const select = "select id, name, at, n from t where name = $1 and n >= $2 order by id";

  it("answers exactly as the ordinary path, before and after the statement is prepared", async () => {
    const expected = await raw.query(select, ["row7", 3], { rowMode: "array" });
    for (let i = 0; i < 14; i++) {
      const got = await client.query(select, ["row7", 3], { rowMode: "array" });
      expect(got.rows).toEqual(expected.rows);
      expect(got.fields.map((f) => f.name)).toEqual(["id", "name", "at", "n"]);
    }
    const prepared = await raw.query<{ name: string }>("select name from pg_prepared_statements");
    expect(prepared.rows.length).toBe(1);
  });

  it("keeps hostile values inside their literal", async () => {
    const hostile = "x'); delete from t; --\\";
    for (let i = 0; i < 5; i++) expect((await client.query(select, [hostile, 0])).rows).toEqual([]);
    expect((await raw.query("select count(*)::int as c from t")).rows).toEqual([{ c: 50 }]);
  });

  it("counts the rows an update changes and raises the same errors", async () => {
    const update = "update t set n = n + 1 where id <= $1";
    for (let i = 0; i < 4; i++) expect((await client.query(update, [10])).affectedRows).toBe(10);
    const insert = "insert into t (name) values ($1)";
    for (let i = 0; i < 4; i++) {
      await expect(client.query(insert, ["row1"])).rejects.toMatchObject({ code: "23505" });
    }
  });

  it("leaves what cannot be prepared to the ordinary path", async () => {
    for (let i = 0; i < 4; i++) await client.query("analyze t");
    const json = "select $1::jsonb as j";
    for (let i = 0; i < 4; i++)
      expect((await client.query<{ j: unknown }>(json, [JSON.stringify({ a: 1 })])).rows[0].j).toEqual({ a: 1 });
  });
});

import { performance } from "node:perf_hooks";
import type { PGlite, QueryOptions, Results } from "@electric-sql/pglite";

/**
 * Prepared statements for the embedded database. PGlite parses and plans every query again, and in WebAssembly
 * planning costs more than running: the front page's statement took 2.4 ms planned each time and 1.2 ms
 * prepared. A query text seen `AFTER` times is prepared once (`PREPARE`) and then run as
 * `EXECUTE name(literals)`, which also spares the extended protocol's five calls into WebAssembly.
 *
 * PostgreSQL plans the first executions for their values and then may switch to one generic plan. For the
 * booking search's time ranges the generic plan guesses one row and ran 40 times slower, so each statement's
 * generic executions are timed against its first ones, and a statement whose generic plan is slower keeps
 * being planned for its values.
 *
 * Only parameters that have one safe literal form are inlined (strings, finite numbers, booleans, dates, null);
 * any other query keeps the ordinary path. PostgreSQL itself plans natively and needs none of this.
 */
const AFTER = 3;
const MAX_STATEMENTS = 200;
/** PostgreSQL's plan cache tries a generic plan after five executions planned for their values. */
const CUSTOM_RUNS = 5;
const COMPARED_RUNS = 5;

type Param = string | number | boolean | Date | null | undefined;

/** A PostgreSQL string literal, independent of `standard_conforming_strings`; null if the value has none. */
export function literal(value: Param): string | null {
  if (value === null || value === undefined) return "NULL";
  let text: string;
  if (typeof value === "string") text = value;
  else if (typeof value === "number") {
    if (!Number.isFinite(value)) return null;
    text = String(value);
  } else if (typeof value === "boolean") text = value ? "true" : "false";
  else if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return null;
    text = value.toISOString();
  } else return null;
  if (text.includes("\0")) return null;
  const escaped = text.replaceAll("'", "''");
  return text.includes("\\") ? `E'${escaped.replaceAll("\\", "\\\\")}'` : `'${escaped}'`;
}

function literals(params: unknown[]): string[] | null {
  const out: string[] = [];
  for (const p of params) {
    const l = literal(p as Param);
    if (l === null) return null;
    out.push(l);
  }
  return out;
}

type Statement = { name: string; runs: number[]; customPlans: boolean };

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** The client with `query` going through prepared statements; everything else is the client's own. */
export function withPreparedStatements(client: PGlite): PGlite {
  const seen = new Map<string, number>();
  // Null when the text cannot be prepared (e.g. not a SELECT/INSERT/UPDATE/DELETE).
  const prepared = new Map<string, Promise<Statement | null>>();
  let next = 0;

  const prepare = (text: string): Promise<Statement | null> => {
    const name = `p${++next}`;
    return client.exec(`PREPARE ${name} AS ${text}`).then(
      () => ({ name, runs: [], customPlans: false }),
      () => null,
    );
  };

  async function execute<T>(statement: Statement, args: string[], options?: QueryOptions): Promise<Results<T>> {
    const call = `EXECUTE ${statement.name}${args.length ? `(${args.join(", ")})` : ""}`;
    if (statement.customPlans) {
      // One call, so no other query runs between the settings.
      const results = await client.exec(
        `SET plan_cache_mode = force_custom_plan; ${call}; RESET plan_cache_mode`,
        options,
      );
      return results[1] as Results<T>;
    }
    const measuring = statement.runs.length < CUSTOM_RUNS + COMPARED_RUNS;
    const started = measuring ? performance.now() : 0;
    const [result] = await client.exec(call, options);
    if (measuring) {
      statement.runs.push(performance.now() - started);
      if (statement.runs.length === CUSTOM_RUNS + COMPARED_RUNS) {
        // The first run also warms caches; compare the later planned-for-values runs with the generic ones.
        const custom = median(statement.runs.slice(1, CUSTOM_RUNS));
        const generic = median(statement.runs.slice(CUSTOM_RUNS));
        statement.customPlans = generic > 1.5 * custom;
      }
    }
    return result as Results<T>;
  }

  async function query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    const args = options?.blob ? null : literals(params);
    let statement = prepared.get(text);
    if (!statement && args) {
      const count = (seen.get(text) ?? 0) + 1;
      if (count >= AFTER && prepared.size < MAX_STATEMENTS) {
        seen.delete(text);
        statement = prepare(text);
        prepared.set(text, statement);
      } else if (seen.size < 10 * MAX_STATEMENTS) seen.set(text, count);
    }
    const ready = args ? await statement : null;
    return ready ? execute<T>(ready, args!, options) : client.query<T>(text, params, options);
  }

  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === "query") return query;
      const value = Reflect.get(target, property, receiver) as unknown;
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

import pino, { type LoggerOptions } from "pino";
import { currentRequestId } from "./request-id";

/**
 * Structured one-line JSON logs (pino): `{"level":"info","time":"…","requestId":"…",…fields,"message":"…"}`, with
 * the id of the request being served (request-id.ts). Information on stdout, warnings and errors on stderr.
 * `LOG_LEVEL=silent` turns them off, `DEBUG` adds the debug lines. Never pass identity codes, names, tokens, codes,
 * cookies or health data in `fields`.
 */
function options(): LoggerOptions {
  return {
    level: process.env.LOG_LEVEL === "silent" ? "silent" : process.env.DEBUG ? "debug" : "info",
    messageKey: "message",
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    mixin: (fields: object) => {
      const requestId = currentRequestId();
      return requestId && !("requestId" in fields) ? { requestId } : {};
    },
  };
}

const out = pino(options(), process.stdout);
const problems = pino(options(), process.stderr);

/** A line's fields; `message` is the line's own (a failure's text goes in `error`). */
type Fields = Record<string, unknown> & { message?: never };

export const logger = {
  debug: (message: string, fields?: Fields) => out.debug(fields ?? {}, message),
  info: (message: string, fields?: Fields) => out.info(fields ?? {}, message),
  warn: (message: string, fields?: Fields) => problems.warn(fields ?? {}, message),
  error: (message: string, fields?: Fields) => problems.error(fields ?? {}, message),
};

import { currentRequestId } from "./request-id";

/**
 * Structured one-line JSON logs, with the id of the request being served (request-id.ts); never pass identity codes,
 * names, tokens, codes, cookies or health data in `fields`.
 */
type Level = "debug" | "info" | "warn" | "error";
const quiet = process.env.LOG_LEVEL === "silent";

function write(level: Level, message: string, fields?: Record<string, unknown>) {
  if (quiet || (level === "debug" && !process.env.DEBUG)) return;
  const requestId = currentRequestId();
  const line = JSON.stringify({
    level,
    time: new Date().toISOString(),
    message,
    ...(requestId ? { requestId } : {}),
    ...fields,
  });
  if (level === "error" || level === "warn") process.stderr.write(line + "\n");
  else process.stdout.write(line + "\n");
}

export const logger = {
  debug: (m: string, f?: Record<string, unknown>) => write("debug", m, f),
  info: (m: string, f?: Record<string, unknown>) => write("info", m, f),
  warn: (m: string, f?: Record<string, unknown>) => write("warn", m, f),
  error: (m: string, f?: Record<string, unknown>) => write("error", m, f),
};

/** Structured one-line JSON logs; never pass identity codes or health data in `fields`. */
type Level = "debug" | "info" | "warn" | "error";
const quiet = process.env.LOG_LEVEL === "silent";

function write(level: Level, message: string, fields?: Record<string, unknown>) {
  if (quiet || (level === "debug" && !process.env.DEBUG)) return;
  const line = JSON.stringify({ level, time: new Date().toISOString(), message, ...fields });
  if (level === "error" || level === "warn") process.stderr.write(line + "\n");
  else process.stdout.write(line + "\n");
}

export const logger = {
  debug: (m: string, f?: Record<string, unknown>) => write("debug", m, f),
  info: (m: string, f?: Record<string, unknown>) => write("info", m, f),
  warn: (m: string, f?: Record<string, unknown>) => write("warn", m, f),
  error: (m: string, f?: Record<string, unknown>) => write("error", m, f),
};

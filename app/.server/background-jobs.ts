import { reportError } from "./error-reporting";
import { logger } from "./logger";

/**
 * Work the server does on its own every few minutes (appointment reminders). The jobs are the features' and are
 * listed by `entry.server.tsx` (the shell, which may import any feature); the server starts them once the build is
 * loaded. Every node runs them: a job must be safe to run on several nodes at once (claim its rows).
 */
export type BackgroundJob = { name: string; run: () => Promise<unknown> };

/** Runs each job every `intervalSeconds`, one round at a time; a failing round is reported and the next one runs. */
export function startBackgroundJobs(jobs: readonly BackgroundJob[], intervalSeconds: number): () => void {
  if (!intervalSeconds || !jobs.length) return () => {};
  const timers = jobs.map((job) => {
    let running = false;
    const timer = setInterval(async () => {
      if (running) return;
      running = true;
      try {
        const result = await job.run();
        logger.debug("background job ran", { job: job.name, result });
      } catch (error) {
        reportError(error, { job: job.name });
      } finally {
        running = false;
      }
    }, intervalSeconds * 1000);
    timer.unref();
    return timer;
  });
  return () => timers.forEach((timer) => clearInterval(timer));
}

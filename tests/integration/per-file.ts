import { afterAll, vi } from "vitest";

// The integration files share a module graph per worker (vite.config.ts): a spy one file left on a shared module
// (the logger, say) must not count the next file's calls.
afterAll(() => {
  vi.restoreAllMocks();
});

import { z } from "zod";

/** The guardian / mandate choice (spec part 1 §2): whose health information to access. */
export const transactionPathSchema = z.object({
  whose: z.enum(["child", "own"], { error: "session.transactionPath.errors.required" }),
});

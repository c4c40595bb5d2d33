import { expect, it } from "vitest";
import { timeoutInUnits } from "./expired-session";
it("probe", () => { expect(timeoutInUnits(60)).toEqual({ timeout: 1, unit: "minutes" }); });

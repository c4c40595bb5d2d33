// Texts and titles per route (texts-crawl.ts) as a senior and an employee with occupational care.
import { describeTextsPerRoute } from "./texts-crawl";

describeTextsPerRoute(["senior", "employee"]);

// Texts and titles per route (texts-crawl.ts) as a teenager and an adult with a Kela card (My information shows its images).
import { describeTextsPerRoute } from "./texts-crawl";

describeTextsPerRoute(["myInfoTeen", "myInfoAdult"]);

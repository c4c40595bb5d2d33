// Texts and titles per route (texts-crawl.ts) as a patient and a guardian acting for children.
import { describeTextsPerRoute } from "./texts-crawl";

describeTextsPerRoute(["patient", "guardian"]);

// Texts and titles per route (texts-crawl.ts) as anonymous visitors and a new customer.
import { describeTextsPerRoute } from "./texts-crawl";

describeTextsPerRoute([null, "newCustomer"]);

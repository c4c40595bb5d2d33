import { z } from "zod";

// The two data files of the sickness fund page: compensation.json (the figures) and content.json (the Finnish
// texts). Both are edited by people who are not developers, so every mistake is named at start-up and in the tests
// instead of showing a wrong figure; unknown keys are refused, as a misspelt key would otherwise be ignored.

const euros = z.number().finite().nonnegative();
const percent = z.number().finite().min(0).max(100);
const count = z.number().int().positive();
const text = z.string().trim().min(1);
/** A time of day as the Finnish write it: "7", "21" or "7.30". */
const timeOfDay = z.string().regex(/^([01]?\d|2[0-4])(\.[0-5]\d)?$/, 'Kellonaika muodossa "7" tai "7.30"');

const minutesOf = (time: string) => {
  const [h, m = "0"] = time.split(".");
  return Number(h) * 60 + Number(m);
};

const service = z
  .strictObject({
    service: text,
    deductibleEuros: euros.optional(),
    deductiblePercent: percent.optional(),
    deductibleBasis: text.optional(),
    maxCompensationEurosPerVisit: euros.optional(),
    maxCompensationEurosPerCalendarYear: euros.optional(),
    maxVisitsPerCalendarYear: count.optional(),
    maxVisitsPerYear: count.optional(),
    maxTimesPerCarePeriod: count.optional(),
  })
  .refine((s) => (s.deductibleEuros === undefined) !== (s.deductiblePercent === undefined), {
    message: "Anna täsmälleen yksi omavastuu: deductibleEuros tai deductiblePercent",
  })
  .refine((s) => s.deductibleBasis === undefined || s.deductiblePercent !== undefined, {
    message: "deductibleBasis kuuluu vain prosenttiomavastuuseen (deductiblePercent)",
    path: ["deductibleBasis"],
  });

const opening = z
  .strictObject({ days: text, from: timeOfDay, to: timeOfDay })
  .refine((o) => minutesOf(o.from) < minutesOf(o.to), { message: "from on oltava ennen to", path: ["to"] });

export const compensationFileSchema = z.strictObject({
  _help: z.array(z.string()).optional(),
  services: z.array(service).min(1),
  serviceHours: z.array(z.strictObject({ channel: text, hours: z.array(opening).min(1) })).min(1),
  messageReplyWorkingDays: count,
});

export type CompensationFile = z.infer<typeof compensationFileSchema>;
export type CompensationService = CompensationFile["services"][number];

/** The one figure the prose may name; the others are shown by the table and the service hours. */
const PLACEHOLDERS = new Set(["replyTime"]);
const prose = text.refine((s) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].every((m) => PLACEHOLDERS.has(m[1])), {
  message: "Teksteissä saa käyttää vain paikkamerkkiä {{replyTime}}",
});

const block = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("paragraph"), text: prose }),
  z.strictObject({ type: z.literal("heading"), text: prose }),
  z.strictObject({ type: z.literal("list"), items: z.array(prose).min(1) }),
  z.strictObject({ type: z.literal("steps"), items: z.array(prose).min(1) }),
  z.strictObject({ type: z.literal("question"), question: prose, answer: z.array(prose).min(1) }),
  z.strictObject({ type: z.literal("compensationTable") }),
  z.strictObject({ type: z.literal("serviceHours") }),
]);

const tab = z.strictObject({ heading: text, blocks: z.array(block).min(1) });

export const contentFileSchema = z.strictObject({
  _help: z.array(z.string()).optional(),
  tabs: z.strictObject({ intro: tab, compensation: tab, instructions: tab, faq: tab }),
  phrases: z.strictObject({
    tableCaption: text,
    columnService: text,
    columnDeductible: text,
    columnMaxCompensation: text,
    columnMaxVisits: text,
    noLimit: text,
    deductibleWithBasis: text,
    perVisit: text,
    perCalendarYear: text,
    visitsPerCalendarYear_one: text,
    visitsPerCalendarYear_other: text,
    visitsPerYear_one: text,
    visitsPerYear_other: text,
    timesPerCarePeriod_one: text,
    timesPerCarePeriod_other: text,
    serviceHours: text,
    replyTime_one: text,
    replyTime_other: text,
  }),
});

export type ContentFile = z.infer<typeof contentFileSchema>;

/** The file's data, or an error that names the file and every mistake in it. */
export function parseDataFile<T>(schema: z.ZodType<T>, file: string, raw: unknown): T {
  const result = schema.safeParse(raw);
  if (!result.success) throw new Error(`${file} ei kelpaa (is not valid):\n${z.prettifyError(result.error)}`);
  return result.data;
}

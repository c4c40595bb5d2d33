import { and, asc, eq } from "drizzle-orm";
import type { Database, Transaction } from "../client";
import * as s from "../schema";

type At = (today: Date, dayOffset: number, hour: number, minute?: number) => Date;

/** A text in the portal's three languages, as SurveyJS localizes it (`default` is English). */
const l = (fi: string, sv: string, en: string) => ({ fi, sv, default: en });

/**
 * The pre-visit health questionnaire: two pages, questions that appear with an answer (`visibleIf`), one that is
 * required only with an answer (`requiredIf`) and numeric validators, in every question type the portal renders.
 */
export const PRE_VISIT_FORM = {
  title: l("Esitietolomake", "Förhandsuppgifter", "Pre-visit questionnaire"),
  description: l(
    "Vastauksesi auttavat meitä valmistautumaan käyntiisi.",
    "Dina svar hjälper oss att förbereda ditt besök.",
    "Your answers help us prepare for your visit.",
  ),
  pages: [
    {
      name: "basics",
      title: l("Perustiedot", "Grunduppgifter", "Basic information"),
      elements: [
        {
          type: "text",
          name: "height",
          title: l("Pituus (cm)", "Längd (cm)", "Height (cm)"),
          inputType: "number",
          isRequired: true,
          validators: [{ type: "numeric", minValue: 50, maxValue: 250 }],
        },
        {
          type: "text",
          name: "weight",
          title: l("Paino (kg)", "Vikt (kg)", "Weight (kg)"),
          inputType: "number",
          validators: [{ type: "numeric", minValue: 2, maxValue: 300 }],
        },
        {
          type: "radiogroup",
          name: "smoking",
          title: l("Tupakoitko?", "Röker du?", "Do you smoke?"),
          isRequired: true,
          choices: [
            { value: "never", text: l("En ole koskaan tupakoinut", "Jag har aldrig rökt", "I have never smoked") },
            { value: "quit", text: l("Olen lopettanut", "Jag har slutat", "I have quit") },
            { value: "yes", text: l("Kyllä", "Ja", "Yes") },
          ],
        },
        {
          type: "text",
          name: "cigarettesPerDay",
          title: l(
            "Montako savuketta poltat päivässä?",
            "Hur många cigaretter röker du per dag?",
            "How many cigarettes a day?",
          ),
          inputType: "number",
          visibleIf: "{smoking} = 'yes'",
          isRequired: true,
          validators: [{ type: "numeric", minValue: 1, maxValue: 100 }],
        },
        {
          type: "dropdown",
          name: "alcohol",
          title: l("Kuinka usein juot alkoholia?", "Hur ofta dricker du alkohol?", "How often do you drink alcohol?"),
          choices: [
            { value: "never", text: l("En koskaan", "Aldrig", "Never") },
            {
              value: "monthly",
              text: l("Kerran kuussa tai harvemmin", "En gång i månaden eller mer sällan", "Monthly or less"),
            },
            { value: "weekly", text: l("Viikoittain", "Varje vecka", "Weekly") },
            { value: "daily", text: l("Päivittäin", "Dagligen", "Daily") },
          ],
        },
      ],
    },
    {
      name: "health",
      title: l("Terveydentila", "Hälsotillstånd", "Health"),
      elements: [
        {
          type: "checkbox",
          name: "conditions",
          title: l(
            "Onko sinulla jokin näistä sairauksista?",
            "Har du någon av dessa sjukdomar?",
            "Do you have any of these conditions?",
          ),
          description: l("Valitse kaikki sopivat.", "Välj alla som stämmer.", "Select all that apply."),
          isRequired: true,
          showNoneItem: true,
          noneText: l("Ei mikään näistä", "Ingen av dessa", "None of these"),
          choices: [
            { value: "diabetes", text: l("Diabetes", "Diabetes", "Diabetes") },
            { value: "asthma", text: l("Astma", "Astma", "Asthma") },
            { value: "hypertension", text: l("Kohonnut verenpaine", "Högt blodtryck", "High blood pressure") },
            { value: "allergy", text: l("Allergia", "Allergi", "Allergy") },
          ],
        },
        {
          type: "comment",
          name: "allergies",
          title: l("Mille olet allerginen?", "Vad är du allergisk mot?", "What are you allergic to?"),
          description: l(
            "Pakollinen, jos valitsit allergian.",
            "Obligatorisk om du valde allergi.",
            "Required if you selected allergy.",
          ),
          requiredIf: "{conditions} contains 'allergy'",
        },
        {
          type: "boolean",
          name: "medication",
          title: l(
            "Käytätkö säännöllisesti lääkkeitä?",
            "Använder du läkemedel regelbundet?",
            "Do you take medicines regularly?",
          ),
          labelTrue: l("Kyllä", "Ja", "Yes"),
          labelFalse: l("En", "Nej", "No"),
          isRequired: true,
        },
        {
          type: "comment",
          name: "medicines",
          title: l("Mitä lääkkeitä käytät?", "Vilka läkemedel använder du?", "Which medicines do you take?"),
          visibleIf: "{medication} = true",
          isRequired: true,
        },
        {
          type: "rating",
          name: "generalHealth",
          title: l(
            "Millaiseksi arvioit terveydentilasi?",
            "Hur bedömer du ditt hälsotillstånd?",
            "How would you rate your health?",
          ),
          rateMin: 1,
          rateMax: 5,
          minRateDescription: l("Huono", "Dåligt", "Poor"),
          maxRateDescription: l("Erinomainen", "Utmärkt", "Excellent"),
          isRequired: true,
        },
        {
          type: "comment",
          name: "other",
          title: l("Muuta kerrottavaa", "Övrigt", "Anything else"),
        },
      ],
    },
  ],
};

/** The satisfaction survey after a visit: one page. */
export const SATISFACTION_FORM = {
  title: l("Tyytyväisyyskysely", "Kundnöjdhetsenkät", "Satisfaction survey"),
  pages: [
    {
      name: "feedback",
      elements: [
        {
          type: "rating",
          name: "recommend",
          title: l(
            "Kuinka todennäköisesti suosittelisit meitä ystävällesi?",
            "Hur sannolikt är det att du skulle rekommendera oss till en vän?",
            "How likely are you to recommend us to a friend?",
          ),
          rateMin: 0,
          rateMax: 10,
          minRateDescription: l("Erittäin epätodennäköisesti", "Mycket osannolikt", "Very unlikely"),
          maxRateDescription: l("Erittäin todennäköisesti", "Mycket sannolikt", "Very likely"),
          isRequired: true,
        },
        {
          type: "radiogroup",
          name: "waitingTime",
          title: l("Oliko odotusaika kohtuullinen?", "Var väntetiden rimlig?", "Was the waiting time reasonable?"),
          choices: [
            { value: "yes", text: l("Kyllä", "Ja", "Yes") },
            { value: "no", text: l("Ei", "Nej", "No") },
          ],
        },
        {
          type: "comment",
          name: "feedback",
          title: l("Vapaa palaute", "Fri respons", "Feedback"),
        },
      ],
    },
  ],
};

/**
 * The health survey: the question types made of several fields — a matrix (a choice per row, every row required),
 * measurements as a group of number fields with ranges, previous operations as panels added one by one
 * (`paneldynamic`), a medicine table of text and list cells shown only with a
 * yes (`visibleIf`), a note that only a yes enables (`enableIf`), a tag box required only with a yes (`requiredIf`),
 * a ranking, and on the last page files to attach and a signature.
 */
export const HEALTH_SURVEY_FORM = {
  title: l("Terveyskysely", "Hälsoenkät", "Health survey"),
  pages: [
    {
      name: "symptoms",
      title: l("Oireet ja mittaukset", "Symtom och mätvärden", "Symptoms and measurements"),
      elements: [
        {
          type: "matrix",
          name: "symptoms",
          title: l(
            "Kuinka usein sinulla on ollut seuraavia oireita viimeisen kuukauden aikana?",
            "Hur ofta har du haft följande symtom under den senaste månaden?",
            "How often have you had the following symptoms in the past month?",
          ),
          isRequired: true,
          isAllRowRequired: true,
          columns: [
            { value: "never", text: l("Ei koskaan", "Aldrig", "Never") },
            { value: "sometimes", text: l("Joskus", "Ibland", "Sometimes") },
            { value: "often", text: l("Usein", "Ofta", "Often") },
          ],
          rows: [
            { value: "headache", text: l("Päänsärky", "Huvudvärk", "Headache") },
            { value: "dizziness", text: l("Huimaus", "Yrsel", "Dizziness") },
            { value: "sleep", text: l("Univaikeudet", "Sömnsvårigheter", "Trouble sleeping") },
          ],
        },
        {
          type: "multipletext",
          name: "measurements",
          title: l("Mittaukset", "Mätvärden", "Measurements"),
          items: [
            {
              name: "height",
              title: l("Pituus (cm)", "Längd (cm)", "Height (cm)"),
              inputType: "number",
              isRequired: true,
              validators: [{ type: "numeric", minValue: 100, maxValue: 250 }],
            },
            {
              name: "weight",
              title: l("Paino (kg)", "Vikt (kg)", "Weight (kg)"),
              inputType: "number",
              validators: [{ type: "numeric", minValue: 20, maxValue: 300 }],
            },
          ],
        },
        {
          type: "paneldynamic",
          name: "operations",
          title: l("Aiemmat leikkaukset", "Tidigare operationer", "Previous operations"),
          description: l(
            "Lisää jokainen leikkaus omaksi kohdakseen.",
            "Lägg till varje operation för sig.",
            "Add each operation on its own.",
          ),
          templateTitle: l("Leikkaus {panelIndex}", "Operation {panelIndex}", "Operation {panelIndex}"),
          panelCount: 0,
          maxPanelCount: 5,
          panelAddText: l("Lisää leikkaus", "Lägg till en operation", "Add an operation"),
          panelRemoveText: l("Poista", "Ta bort", "Remove"),
          templateElements: [
            {
              type: "text",
              name: "operation",
              title: l("Mikä leikkaus", "Vilken operation", "Which operation"),
              isRequired: true,
            },
            {
              type: "text",
              name: "year",
              title: l("Vuosi", "År", "Year"),
              inputType: "number",
              validators: [{ type: "numeric", minValue: 1900, maxValue: 2100 }],
            },
          ],
        },
      ],
    },
    {
      name: "medicines",
      title: l("Lääkkeet ja allergiat", "Mediciner och allergier", "Medicines and allergies"),
      elements: [
        {
          type: "boolean",
          name: "usesMedicines",
          title: l("Käytätkö lääkkeitä päivittäin?", "Tar du mediciner dagligen?", "Do you take medicines daily?"),
          isRequired: true,
        },
        {
          type: "matrixdropdown",
          name: "medicineTimes",
          title: l("Milloin otat lääkkeesi?", "När tar du dina mediciner?", "When do you take your medicines?"),
          visibleIf: "{usesMedicines} = true",
          isRequired: true,
          columns: [
            { name: "medicine", title: l("Lääke", "Medicin", "Medicine"), cellType: "text" },
            { name: "tablets", title: l("Tabletteja", "Tabletter", "Tablets"), choices: [1, 2, 3, 4] },
          ],
          rows: [
            { value: "morning", text: l("Aamulla", "På morgonen", "In the morning") },
            { value: "evening", text: l("Illalla", "På kvällen", "In the evening") },
          ],
        },
        {
          type: "comment",
          name: "medicineNotes",
          title: l("Muuta lääkityksestäsi", "Annat om din medicinering", "Anything else about your medicines"),
          enableIf: "{usesMedicines} = true",
        },
        {
          type: "boolean",
          name: "hasAllergies",
          title: l("Onko sinulla allergioita?", "Har du allergier?", "Do you have allergies?"),
          isRequired: true,
        },
        {
          type: "tagbox",
          name: "allergies",
          title: l("Mille olet allerginen?", "Vad är du allergisk mot?", "What are you allergic to?"),
          visibleIf: "{hasAllergies} = true",
          requiredIf: "{hasAllergies} = true",
          choices: [
            { value: "pollen", text: l("Siitepöly", "Pollen", "Pollen") },
            { value: "animals", text: l("Eläimet", "Djur", "Animals") },
            { value: "nuts", text: l("Pähkinät", "Nötter", "Nuts") },
            { value: "penicillin", text: l("Penisilliini", "Penicillin", "Penicillin") },
          ],
        },
        {
          type: "ranking",
          name: "topics",
          title: l(
            "Mistä haluat puhua vastaanotolla? Järjestä tärkeimmästä alkaen.",
            "Vad vill du tala om vid mottagningen? Ordna med det viktigaste först.",
            "What would you like to talk about at the appointment? Most important first.",
          ),
          isRequired: true,
          choices: [
            { value: "sleep", text: l("Uni", "Sömn", "Sleep") },
            { value: "exercise", text: l("Liikunta", "Motion", "Exercise") },
            { value: "nutrition", text: l("Ravinto", "Kost", "Nutrition") },
          ],
        },
      ],
    },
    {
      name: "confirmation",
      title: l("Liitteet ja vahvistus", "Bilagor och bekräftelse", "Attachments and confirmation"),
      elements: [
        {
          type: "file",
          name: "earlierResults",
          title: l("Aiemmat tutkimustulokset", "Tidigare undersökningsresultat", "Earlier test results"),
          description: l(
            "Liitä halutessasi muualla tehtyjen tutkimusten tulokset.",
            "Bifoga gärna resultat från undersökningar som gjorts på annat håll.",
            "If you like, attach the results of tests done elsewhere.",
          ),
          allowMultiple: true,
          storeDataAsText: false,
          acceptedTypes: ".pdf,image/*",
        },
        {
          type: "signaturepad",
          name: "signature",
          title: l(
            "Vahvistan antamani tiedot oikeiksi",
            "Jag bekräftar att uppgifterna jag gett är riktiga",
            "I confirm that the information I gave is correct",
          ),
          isRequired: true,
        },
      ],
    },
  ],
};

/** Maija's answers to the satisfaction survey, the JSON string `AnswerQuestionnaire` took. */
export const SATISFACTION_ANSWERS = JSON.stringify({
  recommend: 9,
  waitingTime: "yes",
  feedback: "Ystävällinen ja asiantunteva palvelu.",
});

/**
 * Maija's questionnaires: the open pre-visit questionnaire, sent to her in the nurse's nutrition thread, and the
 * answered satisfaction survey; Erkki's open health survey.
 */
export async function seedQuestionnaires(tx: Database | Transaction, ids: Record<string, string>, today: Date, at: At) {
  const [carrier] = await tx
    .select({ id: s.messages.id })
    .from(s.messages)
    .innerJoin(s.threads, eq(s.threads.id, s.messages.threadId))
    .where(and(eq(s.threads.personId, ids.patient), eq(s.threads.title, "Ravitsemusneuvonta")))
    .orderBy(asc(s.messages.id))
    .limit(1);
  await tx.insert(s.questionnaireInvitations).values([
    {
      personId: ids.patient,
      title: "Esitietolomake",
      // With the nurse's message that carried it.
      createdAt: at(today, -2, 13, 40),
      messageId: carrier?.id ?? null,
      form: PRE_VISIT_FORM,
    },
    {
      personId: ids.patient,
      title: "Tyytyväisyyskysely",
      createdAt: at(today, -50, 9),
      answeredAt: at(today, -49, 9),
      form: SATISFACTION_FORM,
      answers: SATISFACTION_ANSWERS,
    },
    {
      personId: ids.senior,
      title: "Terveyskysely",
      createdAt: at(today, -3, 10),
      form: HEALTH_SURVEY_FORM,
    },
  ]);
}

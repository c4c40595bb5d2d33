import type { Database, Transaction } from "../client";
import * as s from "../schema";
import { helsinkiDateParts } from "~/lib/format";

type At = (today: Date, dayOffset: number, hour: number, minute?: number) => Date;

const INSTRUCTIONS = "https://www.solmu.example/ohjeet/laboratorio";

/**
 * Health records of the demo people: Maija's referrals (valid, running out, expired), laboratory results on three
 * days (a package, numbers below, within and above range, text results, a pending test and one released to
 * professionals only), imaging, visits with and without diagnoses, certificates (one from before 2022, not shown)
 * and 30 vaccinations (two pages). Aino (Matti's child) has records of her own for the children's brand; Kalle's
 * imaging results answer with a temporary error.
 */
export async function seedHealthRecords(tx: Database | Transaction, ids: Record<string, string>, today: Date, at: At) {
  const day = (offset: number) => {
    const p = helsinkiDateParts(at(today, offset, 12));
    return `${p.year}-${String(p.month).padStart(2, "0")}-${String(p.day).padStart(2, "0")}`;
  };
  const maija = ids.patient;
  const aino = ids.youngChild;

  await tx.insert(s.visits).values([
    {
      personId: maija,
      dateTime: at(today, -30, 9),
      practitionerId: "P-AHO",
      specialtyId: "YLE",
      summary: "Flunssaoireet, kotihoito-ohjeet.",
      diagnoses: [{ code: "J06.9", description: "Ylähengitystieinfektio" }],
      texts: [
        { title: "Tulosyy", body: "Kurkkukipu ja nuha viiden päivän ajan, ei kuumetta." },
        { title: "Tutkimukset", body: "Nielu punoittaa lievästi. Keuhkoista ei kuulu poikkeavaa." },
        { title: "Hoito-ohjeet", body: "Lepoa ja runsaasti nesteitä. Ota yhteyttä, jos oireet pahenevat." },
      ],
    },
    {
      personId: maija,
      dateTime: at(today, -120, 14),
      practitionerId: "P-NUR",
      specialtyId: "GYN",
      summary: "Vuositarkastus.",
      texts: [{ title: "Käynnin kuvaus", body: "Vuositarkastus, ei huomautettavaa." }],
    },
    {
      // A nurse's note without diagnoses or texts: the page shows neither heading.
      personId: maija,
      dateTime: at(today, -200, 10),
      practitionerId: "P-HEI",
      specialtyId: "HOI",
    },
    {
      // Released to professionals only: never shown to the customer.
      personId: maija,
      dateTime: at(today, -45, 11),
      practitionerId: "P-AHO",
      specialtyId: "YLE",
      texts: [{ title: "Sisäinen muistio", body: "Ei asiakkaalle." }],
      viewRestriction: "professional",
    },
    {
      personId: aino,
      dateTime: at(today, -60, 13),
      practitionerId: "P-LAH",
      specialtyId: "LAS",
      summary: "Korvatulehdus.",
      diagnoses: [{ code: "H66.9", description: "Välikorvatulehdus" }],
      texts: [{ title: "Hoito-ohjeet", body: "Antibioottikuuri 7 vuorokautta. Kipulääkettä tarvittaessa." }],
    },
    {
      personId: ids.guardian,
      dateTime: at(today, -15, 8),
      practitionerId: "P-BERG",
      specialtyId: "YLE",
      summary: "Selkäkipu.",
      diagnoses: [{ description: "Alaselän kipu" }],
    },
  ]);

  await tx.insert(s.referrals).values([
    {
      personId: maija,
      type: "laboratory",
      title: "Perusverenkuva, TSH",
      description: "Näytteenotto aamulla klo 7–10. Ei paastoa.",
      createdOn: day(-5),
      validUntil: day(25),
      practitionerId: "P-AHO",
      patientInstructionsUrl: `${INSTRUCTIONS}/perusverenkuva`,
    },
    {
      personId: maija,
      type: "laboratory",
      title: "Paastoverensokeri, lipidit",
      description: "Paasto 10–12 tuntia ennen näytteenottoa. Vettä saa juoda.",
      createdOn: day(-20),
      validUntil: day(1),
      practitionerId: "P-AHO",
      patientInstructionsUrl: `${INSTRUCTIONS}/paastonaytteet`,
    },
    {
      personId: maija,
      type: "laboratory",
      title: "Ferritiini",
      createdOn: day(-12),
      validUntil: day(5),
      practitionerId: "P-NUR",
    },
    {
      personId: maija,
      type: "laboratory",
      title: "Virtsan perustutkimus",
      description: "Aamuvirtsanäyte.",
      createdOn: day(-90),
      validUntil: day(-10),
      practitionerId: "P-AHO",
    },
    {
      personId: maija,
      type: "imaging",
      title: "Polven röntgen",
      description: "Oikea polvi, kuormittamaton kuva kahdesta suunnasta.",
      createdOn: day(-10),
      validUntil: day(80),
      practitionerId: "P-AHO",
    },
    {
      personId: maija,
      type: "imaging",
      title: "Olkapään ultraääni",
      createdOn: day(-100),
      validUntil: day(-40),
      practitionerId: "P-BERG",
    },
    {
      personId: aino,
      type: "laboratory",
      title: "CRP",
      createdOn: day(-2),
      validUntil: day(12),
      practitionerId: "P-LAH",
    },
  ]);

  const blood = { packageCode: "B-PVK", packageName: "Perusverenkuva" };
  const labs: (typeof s.labResults.$inferInsert)[] = [
    // Four days ago: a package with a low value, a number within range, a pending test and a hidden one.
    ...[
      { code: "B-Hb", displayName: "Hemoglobiini", resultNumber: "112", unit: "g/l", min: "117", max: "155" },
      { code: "B-Leuk", displayName: "Leukosyytit", resultNumber: "6.2", unit: "E9/l", min: "3.4", max: "8.2" },
      { code: "B-Trom", displayName: "Trombosyytit", resultNumber: "250", unit: "E9/l", min: "150", max: "360" },
    ].map((r) => ({
      personId: maija,
      sampledOn: day(-4),
      code: r.code,
      displayName: r.displayName,
      status: "ready" as const,
      resultNumber: r.resultNumber,
      unit: r.unit,
      referenceMin: r.min,
      referenceMax: r.max,
      ...blood,
    })),
    {
      personId: maija,
      sampledOn: day(-4),
      code: "TSH",
      displayName: "Tyreotropiini",
      status: "ready" as const,
      resultNumber: "2.1",
      unit: "mU/l",
      referenceMin: "0.5",
      referenceMax: "3.6",
      description: "Kilpirauhasta ohjaava aivolisäkkeen hormoni.",
    },
    { personId: maija, sampledOn: day(-4), code: "fP-Kol", displayName: "Kolesteroli", status: "sampled" as const },
    // Ordered the same day, but the sample is still to be given.
    {
      personId: maija,
      sampledOn: day(-4),
      code: "fP-Gluk",
      displayName: "Glukoosi",
      status: "referral" as const,
    },
    {
      personId: maija,
      sampledOn: day(-4),
      code: "S-Tutk",
      displayName: "Tutkimuksen sisäinen arvo",
      status: "ready" as const,
      resultText: "Vain ammattilaiselle",
      viewRestriction: "professional",
    },
    // Forty days ago: above range, below the detection limit (a prefix), a text result with an additional result.
    {
      personId: maija,
      sampledOn: day(-40),
      code: "P-K",
      displayName: "Kalium",
      status: "ready" as const,
      resultNumber: "5.4",
      unit: "mmol/l",
      referenceMin: "3.5",
      referenceMax: "5.1",
      additionalResult: "Näyte hieman hemolyyttinen.",
    },
    {
      personId: maija,
      sampledOn: day(-40),
      code: "P-CRP",
      displayName: "C-reaktiivinen proteiini",
      status: "ready" as const,
      prefix: "<",
      resultNumber: "3",
      unit: "mg/l",
      referenceMax: "10",
    },
    {
      personId: maija,
      sampledOn: day(-40),
      code: "U-Seul",
      displayName: "Virtsan seulonta",
      status: "ready" as const,
      resultText: "Negatiivinen",
    },
    // A year ago: one ready text result.
    {
      personId: maija,
      sampledOn: day(-365),
      code: "Ps-StrAAg",
      displayName: "Nielun streptokokki A -pikatesti",
      status: "ready" as const,
      resultText: "Negatiivinen",
      description: "Pikatesti nielunäytteestä.",
    },
    {
      personId: aino,
      sampledOn: day(-60),
      code: "P-CRP",
      displayName: "C-reaktiivinen proteiini",
      status: "ready" as const,
      resultNumber: "42",
      unit: "mg/l",
      referenceMax: "10",
    },
  ];
  await tx.insert(s.labResults).values(labs);

  await tx.insert(s.imagingResults).values([
    {
      personId: maija,
      examinationName: "Keuhkojen röntgen",
      imagingDate: day(-90),
      statementText: "Keuhkokentät ovat puhtaat. Sydämen koko normaali. Ei poikkeavaa.",
    },
    {
      personId: maija,
      examinationName: "Nilkan röntgen",
      imagingDate: day(-400),
      statementText: "Ei murtumaa. Lievä pehmytkudosturvotus ulkokehräksen alueella.",
    },
    {
      personId: maija,
      examinationName: "Nilkan ultraääni",
      imagingDate: day(-400),
      statementText: "Ulompi nivelside ehjä.",
    },
    {
      personId: ids.smsUser,
      examinationName: "Lannerangan röntgen",
      imagingDate: day(-30),
      statementText: "Lieviä kulumamuutoksia.",
    },
  ]);
  // Kalle's imaging results come from a source that answers with a temporary error.
  await tx.insert(s.recordSourceFaults).values({ personId: ids.smsUser, source: "imaging-results" });
  await tx.insert(s.referrals).values({
    personId: ids.smsUser,
    type: "imaging",
    title: "Lannerangan magneettikuvaus",
    createdOn: day(-3),
    validUntil: day(60),
    practitionerId: "P-BERG",
  });

  await tx.insert(s.certificates).values([
    {
      personId: maija,
      type: "medicalCertificateA",
      createdAt: at(today, -30, 9, 40),
      practitionerId: "P-AHO",
      sickLeaveStart: day(-30),
      sickLeaveEnd: day(-26),
      diagnosisCode: "J06.9",
      diagnosisText: "Ylähengitystieinfektio",
      statement: "Potilas on työkyvytön sairauden vuoksi.",
    },
    {
      personId: maija,
      type: "nurse",
      createdAt: at(today, -200, 10, 20),
      practitionerId: "P-HEI",
      sickLeaveStart: day(-200),
      sickLeaveEnd: day(-198),
      diagnosisText: "Vatsatauti",
      statement: "Työkyvytön sairauden vuoksi, omailmoitus hoitajalle.",
    },
    {
      // Created before 1.1.2022: not listed.
      personId: maija,
      type: "medicalCertificateA",
      createdAt: new Date("2021-11-15T08:00:00Z"),
      practitionerId: "P-AHO",
      sickLeaveStart: "2021-11-15",
      sickLeaveEnd: "2021-11-19",
      diagnosisText: "Influenssa",
    },
  ]);

  // Thirty vaccinations over the years, so the list has a second page.
  const vaccines = [
    { name: "Influenssarokote", specialtyId: "ROKT", validYears: 1 },
    { name: "Puutiaisaivokuumerokote", specialtyId: "HOI", validYears: 5 },
    { name: "Jäykkäkouristus-kurkkumätä-hinkuyskä", specialtyId: "HOI", validYears: 10 },
    { name: "Hepatiitti A ja B", specialtyId: "HOI", validYears: 25 },
    { name: "Koronarokote", specialtyId: "HOI", validYears: 0 },
  ];
  const practitionersByTurn = ["P-HEI", "P-AHO", "P-NUR"];
  await tx.insert(s.vaccinations).values(
    Array.from({ length: 30 }, (_, i) => {
      const v = vaccines[i % vaccines.length];
      const offset = -20 - i * 75;
      return {
        personId: maija,
        vaccinatedOn: day(offset),
        name: v.name,
        practitionerId: practitionersByTurn[i % practitionersByTurn.length],
        effectiveUntil: v.validYears ? day(offset + v.validYears * 365) : null,
        specialtyId: v.specialtyId,
      };
    }),
  );
  await tx.insert(s.vaccinations).values([
    {
      personId: aino,
      vaccinatedOn: day(-300),
      name: "MPR (tuhkarokko, sikotauti, vihurirokko)",
      practitionerId: "P-LAH",
      specialtyId: "LAS",
    },
    {
      personId: ids.employee,
      vaccinatedOn: day(-370),
      name: "Influenssarokote",
      practitionerId: "P-HEI",
      effectiveUntil: day(-5),
      specialtyId: "ROKT",
    },
  ]);
}

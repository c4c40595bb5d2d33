import { count } from "drizzle-orm";
import type { Database } from "../client";
import * as s from "../schema";
import { demoPeople } from "./demo-people";
import { helsinkiDateParts, startOfHelsinkiDay } from "~/lib/format";
import type { CareType } from "~/lib/care-type";
import { permitContentHash } from "../../permit-content-hash";
import { newSealedKey, storage, type FileStorage } from "../../storage";
import { demoKelaCardImage } from "./kela-card-images";
import { seedInvoices } from "./invoices";
import { seedMessaging } from "./messaging";
import { seedHealthRecords } from "./health-records";
import { seedPrescriptions } from "./prescriptions";
import { seedQuestionnaires } from "./questionnaires";

const MUNICIPALITY_CLINICS = [
  {
    id: "HKI-KAMPPI",
    name: "Solmu Kamppi",
    municipality: "helsinki",
    streetAddress: "Urho Kekkosen katu 1",
    postalCode: "00100",
    postOffice: "Helsinki",
  },
  {
    id: "HKI-ITIS",
    name: "Solmu Itäkeskus",
    municipality: "helsinki",
    streetAddress: "Itäkatu 3",
    postalCode: "00930",
    postOffice: "Helsinki",
  },
  {
    id: "ESP-LEPPAVAARA",
    name: "Solmu Leppävaara",
    municipality: "espoo",
    streetAddress: "Leppävaarankatu 5",
    postalCode: "02600",
    postOffice: "Espoo",
  },
  {
    id: "VAN-TIKKURILA",
    name: "Solmu Tikkurila",
    municipality: "vantaa",
    streetAddress: "Asematie 7",
    postalCode: "01300",
    postOffice: "Vantaa",
  },
  {
    id: "KER-KESKUSTA",
    name: "Solmu Kerava",
    municipality: "kerava",
    streetAddress: "Kauppakaari 9",
    postalCode: "04200",
    postOffice: "Kerava",
  },
  {
    id: "JAR-KESKUSTA",
    name: "Solmu Järvenpää",
    municipality: "järvenpää",
    streetAddress: "Sibeliuksenkatu 11",
    postalCode: "04400",
    postOffice: "Järvenpää",
  },
  {
    id: "TUU-HYRYLA",
    name: "Solmu Hyrylä",
    municipality: "tuusula",
    streetAddress: "Hyryläntie 13",
    postalCode: "04300",
    postOffice: "Tuusula",
  },
  {
    id: "HYV-KESKUSTA",
    name: "Solmu Hyvinkää",
    municipality: "hyvinkää",
    streetAddress: "Hämeenkatu 15",
    postalCode: "05800",
    postOffice: "Hyvinkää",
  },
  {
    id: "PJ-KAMPPI",
    name: "Pikkujätti Kamppi",
    municipality: "helsinki",
    streetAddress: "Runeberginkatu 2",
    postalCode: "00100",
    postOffice: "Helsinki",
  },
];

const SPECIALTIES = [
  {
    id: "YLE",
    nameFi: "Yleislääkäri",
    nameSv: "Allmänläkare",
    nameEn: "General practitioner",
    descriptionFi:
      "Yleislääkäri hoitaa äkilliset sairaudet, pitkäaikaissairauksien seurannan ja ohjaa tarvittaessa erikoislääkärille.",
    descriptionSv:
      "Allmänläkaren sköter akuta sjukdomar, uppföljning av långvariga sjukdomar och remitterar vid behov till specialist.",
    descriptionEn:
      "A general practitioner treats sudden illnesses, follows up long-term conditions and refers you to a specialist when needed.",
  },
  {
    id: "HOI",
    nameFi: "Sairaanhoitaja",
    nameSv: "Sjukskötare",
    nameEn: "Nurse",
    descriptionFi: "Sairaanhoitajan vastaanotolla hoidetaan rokotukset, haavahoidot ja verenpaineen seuranta.",
    descriptionSv: "Hos sjukskötaren sköts vaccinationer, sårvård och blodtrycksuppföljning.",
    descriptionEn: "The nurse handles vaccinations, wound care and blood pressure follow-up.",
  },
  { id: "FYS", nameFi: "Fysioterapia", nameSv: "Fysioterapi", nameEn: "Physiotherapy" },
  { id: "LAS", nameFi: "Lastentaudit", nameSv: "Barnsjukdomar", nameEn: "Paediatrics" },
  { id: "GYN", nameFi: "Gynekologia", nameSv: "Gynekologi", nameEn: "Gynaecology" },
  { id: "IHO", nameFi: "Ihotaudit", nameSv: "Hudsjukdomar", nameEn: "Dermatology" },
  { id: "PSY", nameFi: "Psykologi", nameSv: "Psykolog", nameEn: "Psychologist" },
  { id: "TTH", nameFi: "Työterveyshuolto", nameSv: "Företagshälsovård", nameEn: "Occupational health care" },
  { id: "Y65V", nameFi: "65+ lääkärin vastaanotto", nameSv: "65+ läkarmottagning", nameEn: "65+ doctor's appointment" },
  // Influenza vaccinations (spec part 2 §9: ROKT, ROKH), given by nurses.
  { id: "ROKT", nameFi: "Influenssarokotus", nameSv: "Influensavaccination", nameEn: "Influenza vaccination" },
  {
    id: "ROKH",
    nameFi: "Influenssarokotus, ryhmä",
    nameSv: "Influensavaccination, grupp",
    nameEn: "Influenza vaccination, group",
  },
];

const PRACTITIONERS = [
  {
    id: "P-AHO",
    name: "Anna Aho",
    spec: "YLE",
    clinics: ["HKI-KAMPPI", "RMT"],
    title: ["Yleislääkäri", "Allmänläkare", "General practitioner"],
  },
  {
    id: "P-BERG",
    name: "Björn Berg",
    spec: "YLE",
    clinics: ["ESP-LEPPAVAARA"],
    title: ["Yleislääkäri", "Allmänläkare", "General practitioner"],
  },
  {
    id: "P-HEI",
    name: "Helena Heikkinen",
    spec: "HOI",
    clinics: ["HKI-ITIS", "RMT"],
    title: ["Sairaanhoitaja", "Sjukskötare", "Nurse"],
  },
  {
    id: "P-KOS",
    name: "Kari Koskinen",
    spec: "FYS",
    clinics: ["VAN-TIKKURILA"],
    title: ["Fysioterapeutti", "Fysioterapeut", "Physiotherapist"],
  },
  {
    id: "P-LAH",
    name: "Laura Lahtinen",
    spec: "LAS",
    clinics: ["PJ-KAMPPI"],
    title: ["Lastentautien erikoislääkäri", "Specialistläkare i barnsjukdomar", "Paediatrician"],
  },
  {
    id: "P-MIE",
    name: "Mikko Miettinen",
    spec: "LAS",
    clinics: ["PJ-KAMPPI", "RMT"],
    title: ["Lastentautien erikoislääkäri", "Specialistläkare i barnsjukdomar", "Paediatrician"],
  },
  {
    id: "P-NUR",
    name: "Noora Nurmi",
    spec: "GYN",
    clinics: ["HKI-KAMPPI"],
    title: ["Gynekologi", "Gynekolog", "Gynaecologist"],
  },
  {
    id: "P-ORA",
    name: "Olli Rantanen",
    spec: "IHO",
    clinics: ["KER-KESKUSTA", "JAR-KESKUSTA"],
    title: ["Ihotautien erikoislääkäri", "Hudläkare", "Dermatologist"],
  },
  { id: "P-SAL", name: "Sari Salo", spec: "PSY", clinics: ["RMT"], title: ["Psykologi", "Psykolog", "Psychologist"] },
  {
    id: "P-TUO",
    name: "Timo Tuominen",
    spec: "TTH",
    clinics: ["TUU-HYRYLA", "HYV-KESKUSTA"],
    title: ["Työterveyslääkäri", "Företagsläkare", "Occupational health physician"],
  },
  {
    id: "P-VIR",
    name: "Veera Virta",
    spec: "Y65V",
    clinics: ["HKI-KAMPPI", "VAN-TIKKURILA"],
    title: ["Yleislääkäri", "Allmänläkare", "General practitioner"],
  },
];

/** Base rates in cents; the price estimate adds the clinic fee (spec part 1 §9). Y65V uses the fixed Kela rate. */
const RATES: Record<string, number> = {
  YLE: 8900,
  HOI: 4500,
  FYS: 6900,
  LAS: 9900,
  GYN: 12900,
  IHO: 12900,
  PSY: 11000,
  TTH: 8900,
  Y65V: 2820,
};
const CLINIC_FEE = {
  code: "TOIMISTO",
  nameFi: "Toimistomaksu",
  nameSv: "Expeditionsavgift",
  nameEn: "Clinic fee",
  cents: 1290,
};

/** Which customer types' lists offer a specialty's slots. */
function careTypesOf(specialtyId: string): CareType[] {
  if (specialtyId === "Y65V") return ["kela65"];
  if (specialtyId === "TTH") return ["occupational"];
  if (specialtyId === "YLE" || specialtyId === "HOI" || specialtyId === "FYS")
    return ["private", "insurance", "occupational"];
  return ["private", "insurance"];
}

const DAY = 24 * 60 * 60 * 1000;

/** Demo people who have not given the patient-data consent yet. */
const CONSENT_MISSING = ["newCustomer", "senior", "newSenior", "doorConsent"];

function kindOf(specialtyId: string, clinicId: string): string {
  return specialtyId === "Y65V" ? "Y65V" : clinicId === "RMT" ? "ETA" : "VAST";
}

/** An instant at a Helsinki wall-clock time, `dayOffset` days from today. */
function at(today: Date, dayOffset: number, hour: number, minute = 0): Date {
  // Noon of the target day, so the Helsinki date is right whatever the time of day "today" is.
  const day = startOfHelsinkiDay(new Date(startOfHelsinkiDay(today).getTime() + dayOffset * DAY + 12 * 60 * 60 * 1000));
  return new Date(day.getTime() + (hour * 60 + minute) * 60 * 1000);
}

function isoDate(d: Date): string {
  const p = helsinkiDateParts(d);
  return `${p.year}-${String(p.month).padStart(2, "0")}-${String(p.day).padStart(2, "0")}`;
}

export async function isEmpty(db: Database): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(s.people);
  return Number(row.n) === 0;
}

/** Creates the demo data set relative to `today`, so the demo never goes stale; files go to `store`. */
export async function seed(db: Database, today: Date, store: FileStorage = storage()) {
  const year = helsinkiDateParts(today).year;
  const demo = demoPeople(year);

  await db.transaction(async (tx) => {
    await tx
      .insert(s.clinics)
      .values([...MUNICIPALITY_CLINICS, { id: "RMT", name: "Etävastaanotto", municipality: "remote", isRemote: true }]);
    await tx.insert(s.specialties).values(SPECIALTIES);
    await tx.insert(s.appointmentKinds).values([
      {
        code: "VAST",
        nameFi: "Vastaanottokäynti",
        nameSv: "Mottagningsbesök",
        nameEn: "Clinic visit",
        reservationInfoFi: "Tule paikalle 10 minuuttia ennen aikaa. Ota mukaan henkilöllisyystodistus ja Kela-kortti.",
        reservationInfoSv: "Kom 10 minuter före tiden. Ta med identitetsbevis och FPA-kort.",
        reservationInfoEn: "Arrive 10 minutes before your appointment. Bring an identity document and your Kela card.",
      },
      {
        code: "ETA",
        nameFi: "Etävastaanotto",
        nameSv: "Distansmottagning",
        nameEn: "Remote appointment",
        reservationInfoFi:
          "Ammattilainen soittaa tai avaa videoyhteyden varattuna aikana. Varmista, että puhelinnumerosi on oikein.",
        reservationInfoSv:
          "Yrkespersonen ringer eller öppnar videoförbindelsen vid den bokade tiden. Kontrollera att ditt telefonnummer är rätt.",
        reservationInfoEn:
          "The professional calls you or opens the video call at the reserved time. Make sure your phone number is correct.",
      },
      {
        code: "Y65V",
        nameFi: "65+ vastaanotto (Kela-korvaus)",
        nameSv: "65+ mottagning (FPA-ersättning)",
        nameEn: "65+ appointment (Kela reimbursement)",
        reservationInfoFi: "Kela-korvaus vähennetään hinnasta suoraan. Ota mukaan Kela-kortti.",
        reservationInfoSv: "FPA-ersättningen dras av direkt från priset. Ta med FPA-kortet.",
        reservationInfoEn: "The Kela reimbursement is deducted from the price directly. Bring your Kela card.",
      },
    ]);
    await tx.insert(s.practitioners).values(
      PRACTITIONERS.map((p) => ({
        id: p.id,
        name: p.name,
        specialtyId: p.spec,
        titleFi: p.title[0],
        titleSv: p.title[1],
        titleEn: p.title[2],
        rateCents: RATES[p.spec],
        additionalFees: p.spec === "Y65V" ? [] : [CLINIC_FEE],
        ...(p.spec === "PSY"
          ? {
              reservationInfoFi: "Ensimmäinen käynti on arviointikäynti.",
              reservationInfoSv: "Det första besöket är ett bedömningsbesök.",
              reservationInfoEn: "The first visit is an assessment visit.",
            }
          : {}),
      })),
    );

    const ids: Record<string, string> = {};
    for (const p of Object.values(demo)) {
      const b = p.birthDate;
      const [row] = await tx
        .insert(s.people)
        .values({
          identityCode: p.identityCode,
          firstName: p.firstName,
          lastName: p.lastName,
          birthDate: `${b.year}-${String(b.month).padStart(2, "0")}-${String(b.day).padStart(2, "0")}`,
          streetAddress: "Esimerkkikatu 1 A 2",
          postalCode: "00100",
          postOffice: "Helsinki",
          phoneNumber: "+358401234567",
          emailAddress: `${p.firstName.toLowerCase().replace(/[^a-z]/g, "")}@example.com`,
          language: "fi",
          patientDataConsent: CONSENT_MISSING.includes(p.key) ? "missing" : "ok",
          patientDataConsentUpdatedAt: CONSENT_MISSING.includes(p.key) ? null : new Date(today.getTime() - 200 * DAY),
          mfaOnboardingPhone: p.key === "patient" || p.key === "smsOnboarding" ? "+358401234567" : null,
          mfaVerifiedPhone: p.key === "smsUser" ? "+358407654321" : null,
          // Liisa's employer contract includes web reservation; Matti's does not (phone-service promo instead);
          // Maija's neither (her occupational care shows the messages and the team, not occupational booking).
          hasOccupationalCare: p.key === "employee" || p.key === "guardian" || p.key === "patient",
          occupationalWebReservation: p.key === "employee",
          occupationalPhoneService:
            p.key === "guardian" ? "030 600 5060" : p.key === "employee" ? "030 600 5070" : null,
          // Liisa's contract has the phone service and the occupational chat (the booking pages' promos); Matti's the
          // phone service, which is how he books. The product ids are those of app/features/booking/promo.ts.
          occupationalPhoneServiceDescription:
            p.key === "employee"
              ? "Työterveyshoitaja arvioi tilanteesi puhelimessa ja varaa tarvittaessa ajan puolestasi."
              : p.key === "guardian"
                ? "Työterveyden puhelinpalvelu varaa ajan puolestasi ja neuvoo heti."
                : null,
          occupationalContractProductIds:
            p.key === "employee"
              ? ["OHC-PHONE-SERVICE", "OHC-CHAT"]
              : p.key === "guardian"
                ? ["OHC-PHONE-SERVICE"]
                : [],
          // Liisa's contract includes the influenza vaccination, Matti's does not.
          occupationalInfluenzaVaccination: p.key === "employee",
          // Liisa's employer belongs to the sickness fund: her menu has the sickness-fund group where the brand
          // has the page (feature `sickness-fund-page`).
          isSicknessFundMember: p.key === "employee",
          creditWorthy: p.key !== "notCreditWorthy",
        })
        .returning({ id: s.people.id });
      ids[p.key] = row.id;
    }
    await tx.insert(s.guardianships).values([
      { guardianId: ids.guardian, childId: ids.youngChild },
      { guardianId: ids.guardian, childId: ids.olderChild },
      { guardianId: ids.myInfoAdult, childId: ids.myInfoTeen },
    ]);
    // Venla's first guardian as kept in My information (a second one can be added there).
    await tx.insert(s.guardianContacts).values({
      personId: ids.myInfoTeen,
      position: 1,
      name: "Ojala Olli",
      phoneNumber: "+358401112233",
      emailAddress: "olli@example.com",
      sameAddress: true,
      updatedAt: today,
    });
    // Olli's Kela card (My information): two small demo pictures in the file storage.
    const card = { front: "", back: "" };
    for (const side of ["front", "back"] as const) {
      const key = newSealedKey("kela-card");
      const bytes = demoKelaCardImage(side);
      await store.put(key, bytes, "image/png");
      const [file] = await tx
        .insert(s.storedFiles)
        .values({
          ownerId: ids.myInfoAdult,
          purpose: "kela-card",
          storageKey: key,
          contentType: "image/png",
          sizeBytes: bytes.byteLength,
          createdAt: today,
          uploadedAt: today,
        })
        .returning({ id: s.storedFiles.id });
      card[side] = file.id;
    }
    await tx.insert(s.kelaCards).values({
      personId: ids.myInfoAdult,
      frontFileId: card.front,
      backFileId: card.back,
      updatedAt: today,
      updatedBy: ids.myInfoAdult,
    });

    // Free slots for the next 8 weeks on weekdays, 8:00–19:30, every practitioner at each of their clinics.
    const slots: (typeof s.appointments.$inferInsert)[] = [];
    for (let d = 0; d < 56; d++) {
      const weekday = helsinkiDateParts(at(today, d, 12)).weekday;
      if (weekday > 5) continue;
      for (const p of PRACTITIONERS) {
        p.clinics.forEach((clinicId, i) => {
          for (let hour = 8 + i * 2; hour < 20; hour += 2 + (d % 2)) {
            slots.push({
              clinicId,
              practitionerId: p.id,
              specialtyId: p.spec,
              startsAt: at(today, d, hour, (d * 15) % 60),
              durationMinutes: p.spec === "HOI" ? 20 : 30,
              locationType:
                clinicId === "RMT" ? (hour % 4 === 0 ? "videoAppointment" : "phoneAppointment") : "physicalLocation",
              kindCode: kindOf(p.spec, clinicId),
              careTypes: careTypesOf(p.spec),
              // Psychologist appointments may only be reserved after strong identification.
              requiresAuthToReserve: p.spec === "PSY",
            });
          }
        });
      }
    }
    // Influenza vaccination slots with the nurse for the next two weeks (the occupational vaccination landing).
    for (let d = 1; d < 15; d++) {
      if (helsinkiDateParts(at(today, d, 12)).weekday > 5) continue;
      for (const hour of [9, 13]) {
        slots.push({
          clinicId: "HKI-KAMPPI",
          practitionerId: "P-HEI",
          specialtyId: "ROKT",
          startsAt: at(today, d, hour, 40),
          durationMinutes: 10,
          locationType: "physicalLocation",
          kindCode: "VAST",
          careTypes: ["occupational", "private"],
          requiresAuthToReserve: false,
        });
      }
    }
    for (let i = 0; i < slots.length; i += 500) await tx.insert(s.appointments).values(slots.slice(i, i + 500));

    // Appointments the demo people hold.
    const held = async (
      personKey: string,
      practitionerId: string,
      clinicId: string,
      specialtyId: string,
      startsAt: Date,
      extra: Partial<typeof s.reservations.$inferInsert> = {},
    ) => {
      const [a] = await tx
        .insert(s.appointments)
        .values({
          clinicId,
          practitionerId,
          specialtyId,
          startsAt,
          durationMinutes: 30,
          locationType: clinicId === "RMT" ? "videoAppointment" : "physicalLocation",
          kindCode: kindOf(specialtyId, clinicId),
        })
        .returning({ id: s.appointments.id });
      await tx.insert(s.reservations).values({
        appointmentId: a.id,
        personId: ids[personKey],
        reservedAt: new Date(today.getTime() - 7 * DAY),
        ...extra,
      });
    };
    await held("patient", "P-AHO", "HKI-KAMPPI", "YLE", at(today, 2, 9, 30));
    await held("patient", "P-NUR", "HKI-KAMPPI", "GYN", at(today, 12, 14, 0));
    await held("patient", "P-SAL", "RMT", "PSY", at(today, 20, 10, 0));
    await held("patient", "P-AHO", "HKI-KAMPPI", "YLE", at(today, -30, 9, 0), {
      checkedInAt: at(today, -30, 8, 50),
      room: "214",
    });
    // Within the cancellation limit (a few hours from now), and one the clinic cancelled.
    const soon = new Date(Math.ceil((today.getTime() + 3 * 60 * 60 * 1000) / (15 * 60 * 1000)) * 15 * 60 * 1000);
    await held("patient", "P-HEI", "HKI-ITIS", "HOI", soon);
    await held("patient", "P-BERG", "ESP-LEPPAVAARA", "YLE", at(today, 6, 15, 0), {
      status: "providerCancelled",
      cancelledAt: new Date(today.getTime() - DAY),
    });
    await held("youngChild", "P-LAH", "PJ-KAMPPI", "LAS", at(today, 5, 13, 0), { brand: "pikkujatti" });
    await held("guardian", "P-BERG", "ESP-LEPPAVAARA", "YLE", at(today, 9, 8, 0));
    // Self check-in states relative to the moment of seeding: open now, already checked in to a room, and a
    // person whose patient-data consent is missing.
    const fiveMinutes = 5 * 60 * 1000;
    const inMinutes = (m: number) => new Date(Math.ceil((today.getTime() + m * 60 * 1000) / fiveMinutes) * fiveMinutes);
    await held("employee", "P-AHO", "HKI-KAMPPI", "YLE", inMinutes(20));
    await held("employee", "P-NUR", "HKI-KAMPPI", "GYN", inMinutes(25));
    await held("guardian", "P-HEI", "HKI-ITIS", "HOI", inMinutes(10), { checkedInAt: today, room: "B12" });
    await held("senior", "P-KOS", "VAN-TIKKURILA", "FYS", inMinutes(25));
    // The clinic door's consent form, with a person of its own (Erkki's missing consent is shown on his page).
    await held("doorConsent", "P-BERG", "ESP-LEPPAVAARA", "YLE", inMinutes(25));
    // Kalle's appointments open for check-in at the clinic door (the anonymous link).
    for (const [practitioner, clinic, specialty, minutes] of [
      ["P-ORA", "KER-KESKUSTA", "IHO", 15],
      ["P-TUO", "HYV-KESKUSTA", "TTH", 20],
      ["P-BERG", "ESP-LEPPAVAARA", "YLE", 20],
      ["P-KOS", "VAN-TIKKURILA", "FYS", 25],
    ] as const) {
      await held("smsUser", practitioner, clinic, specialty, inMinutes(minutes));
    }
    await held("employee", "P-TUO", "TUU-HYRYLA", "TTH", at(today, 3, 11, 0));
    await held("senior", "P-VIR", "HKI-KAMPPI", "Y65V", at(today, 4, 10, 0));

    // Conversations, occupational-health employers and teams, absences (seed/messaging.ts).
    await seedMessaging(tx, ids, today, store, at);

    await seedHealthRecords(tx, ids, today, at);
    await seedPrescriptions(tx, ids, today, at);
    await seedQuestionnaires(tx, ids, today, at);

    // Insurers' development stand-in: Maija has a LähiTapiola policy with one valid permit, Matti Pohjola personal
    // and company policies, Kalle's checks fail with a technical fault; everyone else has no insurance.
    const knee = {
      symptom: { fi: "Polven vamma", sv: "Knäskada", en: "Knee injury" },
      bodyPart: { fi: "Polvi", sv: "Knä", en: "Knee" },
    };
    const coverage = (id: string, name: string, terms: string[]) => ({
      id,
      name,
      terms: terms.map((n, i) => ({ id: `${id}-${i + 1}`, name: n })),
    });
    await tx.insert(s.demoInsurancePolicies).values([
      {
        personId: ids.patient,
        insurer: "LAHITAPIOLA",
        policyId: "LT-2024-118822",
        productName: "LähiTapiola Terveysvakuutus",
        validFrom: isoDate(at(today, -400, 12)),
      },
      {
        personId: ids.guardian,
        insurer: "POHJOLA",
        policyId: "OP-55102233",
        productName: "Pohjola Sairauskuluvakuutus",
        validFrom: isoDate(at(today, -700, 12)),
      },
      {
        personId: ids.guardian,
        insurer: "POHJOLA",
        policyId: "OP-YR-7781",
        productName: "Pohjola Yrityksen vapaa-ajan tapaturmavakuutus",
        owner: "company",
        eventTypes: ["leisureAccident"],
        coverages: [
          coverage("HOITO", "Hoitokulut", ["Lääkärin palkkiot", "Tutkimukset"]),
          coverage("FYSIO", "Fysioterapia", ["Enintään 10 kertaa"]),
        ],
        validFrom: isoDate(at(today, -300, 12)),
      },
      {
        personId: ids.smsUser,
        insurer: "POHJOLA",
        policyId: "OP-FAULT",
        productName: "Pohjola Sairauskuluvakuutus",
        validFrom: isoDate(at(today, -100, 12)),
        simulateFault: true,
      },
      {
        personId: ids.smsUser,
        insurer: "LAHITAPIOLA",
        policyId: "LT-FAULT",
        productName: "LähiTapiola Terveysvakuutus",
        validFrom: isoDate(at(today, -100, 12)),
        simulateFault: true,
      },
    ]);
    const permitValidTo = isoDate(at(today, 60, 12));
    await tx.insert(s.demoDirectCompensationPermits).values({
      personId: ids.patient,
      contentHash: permitContentHash(ids.patient, knee.symptom, knee.bodyPart, permitValidTo, "seed"),
      ...knee,
      validTo: permitValidTo,
      createdAt: at(today, -5, 10),
    });
    await seedInvoices(tx, ids, today);
  });
}

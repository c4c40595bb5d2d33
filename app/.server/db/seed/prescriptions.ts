import { eq } from "drizzle-orm";
import type { Database, Transaction } from "../client";
import * as s from "../schema";
import { helsinkiDateParts } from "~/lib/format";

type At = (today: Date, dayOffset: number, hour: number, minute?: number) => Date;

function isoDate(d: Date): string {
  const p = helsinkiDateParts(d);
  return `${p.year}-${String(p.month).padStart(2, "0")}-${String(p.day).padStart(2, "0")}`;
}

/**
 * The demo people's prescriptions: Maija's renewable and non-renewable ones, Aino's, and Erkki's renewable one —
 * whose renewal is switched off (`people.prescription_renewal_enabled`), so his pages show the maintenance banner.
 * The medicine types and package units are the codes the list translates (app/features/prescriptions/rules.ts);
 * the guides are the prescriber's words, in Finnish.
 */
export async function seedPrescriptions(tx: Database | Transaction, ids: Record<string, string>, today: Date, at: At) {
  await tx.insert(s.prescriptions).values([
    {
      personId: ids.patient,
      medicineName: "Burana",
      strength: "400 mg",
      issuedDate: isoDate(at(today, -30, 12)),
      isRenewable: false,
      medicineType: "tablet",
      packageUnit: "pcs",
      packageSize: "30",
      packageCount: 1,
      totalAmount: "30",
      dosageGuide: "1 tabletti tarvittaessa, enintään 3 kertaa päivässä",
      usageGuide: "Kipuun ja kuumeeseen",
    },
    {
      personId: ids.patient,
      medicineName: "Levaxin",
      strength: "50 µg",
      issuedDate: isoDate(at(today, -300, 12)),
      isRenewable: true,
      medicineType: "tablet",
      packageUnit: "pcs",
      packageSize: "100",
      packageCount: 2,
      treatmentLength: 6,
      treatmentLengthUnit: "month",
      totalAmount: "200",
      dosageGuide: "1 tabletti aamulla",
      usageGuide: "Kilpirauhasen vajaatoimintaan",
    },
    {
      personId: ids.patient,
      medicineName: "Ventoline",
      strength: "0,1 mg/annos",
      issuedDate: isoDate(at(today, -200, 12)),
      isRenewable: true,
      medicineType: "inhaler",
      packageUnit: "doses",
      packageSize: "200",
      packageCount: 3,
      treatmentLength: 1,
      treatmentLengthUnit: "year",
      totalAmount: "600",
      dosageGuide: "1–2 inhalaatiota tarvittaessa",
      usageGuide: "Astman oireisiin",
    },
    // Older than the three the front page shows.
    {
      personId: ids.patient,
      medicineName: "Atorvastatin Orion",
      strength: "20 mg",
      issuedDate: isoDate(at(today, -420, 12)),
      isRenewable: true,
      medicineType: "tablet",
      packageUnit: "pcs",
      packageSize: "98",
      packageCount: 1,
      treatmentLength: 1,
      treatmentLengthUnit: "year",
      totalAmount: "98",
      dosageGuide: "1 tabletti illalla",
      usageGuide: "Kolesterolin alentamiseen",
    },
    {
      personId: ids.youngChild,
      medicineName: "Amorion",
      strength: "100 mg/ml",
      issuedDate: isoDate(at(today, -60, 12)),
      isRenewable: false,
      medicineType: "oralSuspension",
      packageUnit: "ml",
      packageSize: "100",
      packageCount: 1,
      treatmentLength: 7,
      treatmentLengthUnit: "day",
      totalAmount: "100",
      dosageGuide: "5 ml kahdesti päivässä 7 vrk",
      usageGuide: "Välikorvatulehdukseen",
    },
    {
      personId: ids.senior,
      medicineName: "Amlodipin Orion",
      strength: "5 mg",
      issuedDate: isoDate(at(today, -150, 12)),
      isRenewable: true,
      medicineType: "tablet",
      packageUnit: "pcs",
      packageSize: "100",
      packageCount: 1,
      treatmentLength: 1,
      treatmentLengthUnit: "year",
      totalAmount: "100",
      dosageGuide: "1 tabletti aamulla",
      usageGuide: "Verenpaineen hoitoon",
    },
  ]);
  // Erkki's renewal is switched off: his prescriptions and the renewal page show the maintenance banner.
  await tx.update(s.people).set({ prescriptionRenewalEnabled: false }).where(eq(s.people.id, ids.senior));
}

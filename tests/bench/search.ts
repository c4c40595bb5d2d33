/**
 * Slot search at the service layer (DESIGN §8: ≤ 30 ms median over 100 000 free slots).
 *
 * Creates a fresh database (PGlite in memory; and a fresh PostgreSQL database too when DATABASE_URL is set), seeds
 * 100 000 free slots over 8 weeks across clinics, specialties, practitioners and location types with batch inserts,
 * then runs searchFreeAppointments with a mix of filters (BENCH_SEARCHES, default 300) and prints median and p95.
 *
 *   npx tsx tests/bench/search.ts
 */
import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { openDatabase, type Database } from "../../app/.server/db/client";
import * as s from "../../app/.server/db/schema";
import { searchFreeAppointments } from "../../app/features/booking/search.server";
import {
  EMPTY_FILTERS,
  addDays,
  helsinkiInstant,
  type SearchFilters,
  type TimeOfDay,
} from "../../app/features/booking/search";
import type { CareType } from "../../app/features/booking/care-type";
import { helsinkiToday } from "../../app/lib/format";

const SLOTS = Number(process.env.BENCH_SLOTS ?? 100_000);
const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 300);
const NOW = new Date();

const MUNICIPALITIES = ["helsinki", "espoo", "vantaa", "kerava", "järvenpää", "tuusula", "hyvinkää"];
const CLINICS = Array.from({ length: 20 }, (_, i) => ({
  id: `C${i}`,
  name: `Clinic ${i}`,
  municipality: MUNICIPALITIES[i % MUNICIPALITIES.length],
  isRemote: false,
}));
CLINICS.push({ id: "RMT", name: "Remote", municipality: "remote", isRemote: true });
const SPECIALTIES = ["YLE", "HOI", "FYS", "LAS", "GYN", "IHO", "PSY", "TTH", "Y65V", "KAR", "NEU", "ORT"];
const PRACTITIONERS = Array.from({ length: 120 }, (_, i) => ({
  id: `P${i}`,
  spec: SPECIALTIES[i % SPECIALTIES.length],
}));
const LOCATION = [
  "physicalLocation",
  "physicalLocation",
  "physicalLocation",
  "phoneAppointment",
  "videoAppointment",
] as const;

function careTypesOf(spec: string): CareType[] {
  if (spec === "Y65V") return ["kela65"];
  if (spec === "TTH") return ["occupational"];
  return spec === "YLE" || spec === "HOI" ? ["private", "insurance", "occupational"] : ["private", "insurance"];
}

async function seedSlots(db: Database) {
  await db.insert(s.clinics).values(CLINICS);
  await db.insert(s.specialties).values(SPECIALTIES.map((id) => ({ id, nameFi: id, nameSv: id, nameEn: id })));
  await db.insert(s.practitioners).values(
    PRACTITIONERS.map((p) => ({
      id: p.id,
      name: `Practitioner ${p.id}`,
      titleFi: "T",
      titleSv: "T",
      titleEn: "T",
      specialtyId: p.spec,
    })),
  );
  const today = helsinkiToday(NOW);
  let batch: (typeof s.appointments.$inferInsert)[] = [];
  for (let i = 0; i < SLOTS; i++) {
    const p = PRACTITIONERS[i % PRACTITIONERS.length];
    const location = LOCATION[(i >> 3) % LOCATION.length];
    const clinic = location === "physicalLocation" ? CLINICS[(i * 7 + (i % PRACTITIONERS.length)) % 20] : CLINICS[20];
    const day = Math.floor(i / (SLOTS / 56));
    const minuteOfDay = 7 * 60 + ((i * 37) % (14 * 60));
    const startsAt = new Date(
      helsinkiInstant(addDays(today, day), 0).getTime() + Math.floor(minuteOfDay / 15) * 15 * 60_000,
    );
    batch.push({
      clinicId: clinic.id,
      practitionerId: p.id,
      specialtyId: p.spec,
      startsAt,
      durationMinutes: 30,
      locationType: location,
      kindCode: null,
      careTypes: careTypesOf(p.spec),
    });
    if (batch.length === 2000) {
      await db.insert(s.appointments).values(batch);
      batch = [];
    }
  }
  if (batch.length) await db.insert(s.appointments).values(batch);
}

/** A realistic mix: mostly broad searches, some by specialty, practitioner, clinics, tab, later start and paging. */
function filterMix(n: number): { filters: SearchFilters; careType: CareType }[] {
  const today = helsinkiToday(NOW);
  const times: TimeOfDay[] = ["all", "all", "morning", "afternoon", "evening"];
  return Array.from({ length: n }, (_, i) => {
    const f: SearchFilters = { ...EMPTY_FILTERS, time: times[i % times.length], includeRemote: i % 3 === 0 };
    switch (i % 8) {
      case 1:
        f.specialtyIds = [SPECIALTIES[i % 8]];
        break;
      case 2:
        f.practitionerIds = [PRACTITIONERS[i % PRACTITIONERS.length].id];
        break;
      case 3:
        f.clinicIds = [CLINICS[i % 20].id, CLINICS[(i + 3) % 20].id];
        break;
      case 4:
        f.specialtyIds = ["GYN"];
        f.clinicIds = [CLINICS[i % 20].id];
        break;
      case 5:
        f.startDate = addDays(today, 14 + (i % 20));
        break;
      case 6:
        f.offset = 20 * (1 + (i % 3));
        break;
    }
    const careType: CareType =
      i % 10 === 7 ? "kela65" : i % 10 === 8 ? "insurance" : i % 10 === 9 ? "occupational" : "private";
    return { filters: f, careType };
  });
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function run(label: string, db: Database) {
  const t0 = performance.now();
  await seedSlots(db);
  await db.execute("analyze");
  const seeded = performance.now() - t0;
  const mix = filterMix(SEARCHES);
  const options = { lang: "fi" as const, brand: { bookingSpecialtyIds: null }, now: NOW };
  for (const m of mix.slice(0, 20)) await searchFreeAppointments(db, m.filters, m.careType, options); // warm-up
  const times: number[] = [];
  let results = 0;
  for (const m of mix) {
    const t = performance.now();
    const r = await searchFreeAppointments(db, m.filters, m.careType, options);
    times.push(performance.now() - t);
    results += r.appointments.length;
  }
  times.sort((a, b) => a - b);
  const median = percentile(times, 50);
  console.log(
    `${label.padEnd(10)} slots ${SLOTS}  seeded in ${(seeded / 1000).toFixed(1)} s  searches ${SEARCHES}  ` +
      `median ${median.toFixed(2)} ms  p95 ${percentile(times, 95).toFixed(2)} ms  max ${times[times.length - 1].toFixed(2)} ms  ` +
      `avg results ${(results / SEARCHES).toFixed(1)}  budget 30 ms: ${median <= 30 ? "ok" : "OVER BUDGET"}`,
  );
}

async function main() {
  const lite = await openDatabase({ dataDir: "memory://" });
  await lite.migrate();
  await run("PGlite", lite.db);
  await lite.close();

  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `bench_${randomBytes(5).toString("hex")}`;
    const admin = async (q: string) => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      try {
        await c.query(q);
      } finally {
        await c.end();
      }
    };
    await admin(`CREATE DATABASE "${name}"`);
    try {
      const target = new URL(url);
      target.pathname = `/${name}`;
      const handle = await openDatabase({ databaseUrl: target.toString() });
      await handle.migrate();
      await run("PostgreSQL", handle.db);
      await handle.close();
    } finally {
      await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    }
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

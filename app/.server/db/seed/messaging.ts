import PDFDocument from "pdfkit";
import { pngImage } from "./png";
import { inArray } from "drizzle-orm";
import type { Database, Transaction } from "../client";
import * as s from "../schema";
import { newSealedKey, type FileStorage } from "../../storage";
import { helsinkiDateParts } from "~/lib/format";

/** The seed's `at(today, dayOffset, hour, minute)`: an instant at a Helsinki wall-clock time relative to today. */
type At = (today: Date, dayOffset: number, hour: number, minute?: number) => Date;
/** A moment relative to today: [dayOffset, hour, minute]. */
type When = readonly [day: number, hour: number, minute?: number];

/** Practitioners who answer messages; their messaging users carry the practitioner's Finnish title. */
const PROFESSIONALS = ["P-AHO", "P-HEI", "P-BERG", "P-TUO", "P-KOS", "P-NUR", "P-SAL"] as const;
type Professional = (typeof PROFESSIONALS)[number];
/** Demo people who may use messaging (Kalle has a messaging user but no threads yet). */
const CUSTOMERS = ["patient", "employee", "guardian", "smsUser"] as const;
type Customer = (typeof CUSTOMERS)[number];
type Author = Professional | Customer | "HR";

type DemoAttachment = { fileName: string; contentType: string; bytes: () => Promise<Uint8Array> | Uint8Array };
type DemoMessage = {
  by: Author;
  at: When;
  text: string;
  deletedAt?: When;
  files?: DemoAttachment[];
};
type DemoThread = {
  person: Customer;
  title: string | null;
  type?: (typeof s.THREAD_TYPES)[number];
  createdAt: When;
  /** Closed threads: when the professional closed it (the professional timestamp). */
  closedAt?: When;
  /** Participants besides the customer and the authors (a professional who opened a thread with nothing in it). */
  others?: Author[];
  /** When the customer last opened the thread; null: never. */
  customerLastRead: When | null;
  assignee?: { user: Professional; at: When };
  messages: DemoMessage[];
};

const KNEE_PHOTO: DemoAttachment = { fileName: "polvi.png", contentType: "image/png", bytes: () => kneePhoto() };
const KNEE_EXERCISES: DemoAttachment = {
  fileName: "Polven-kuntoutusohje.pdf",
  contentType: "application/pdf",
  bytes: () =>
    instructionsPdf("Polven kuntoutusohje", [
      "Tee liikkeet kahdesti päivässä, 10 toistoa kutakin.",
      "1. Reisilihaksen jännitys: paina polvitaivetta alustaa vasten 5 sekuntia.",
      "2. Suoran jalan nosto selinmakuulla.",
      "3. Kantapään liu'utus: koukista ja ojenna polvea rauhallisesti.",
      "Kylmähoito 15 minuuttia rasituksen jälkeen vähentää turvotusta.",
      "Jos turvotus ei laske viikossa, varaa aika vastaanotolle.",
    ]),
};

/**
 * Maija (`patient`) has more than a page of threads (10 a page) in every state: unread, read, closed, with
 * attachments from both sides, with a deleted message, assigned to a professional who is absent now, and one with
 * no messages. Liisa has an HR thread and an unread customer thread, Matti one thread. Newest first.
 */
const DEMO_THREADS: DemoThread[] = [
  {
    person: "patient",
    title: "Laboratoriotulokset",
    createdAt: [-3, 10],
    customerLastRead: [-3, 10, 5],
    messages: [
      {
        by: "patient",
        at: [-3, 10],
        text: "Hei, onko verikokeiden tulokset jo tulleet? Kävin näytteenotossa viime viikolla.",
      },
      {
        by: "P-AHO",
        at: [-1, 15, 20],
        text:
          "Hei Maija! Perusverenkuva ja TSH ovat viitealueella, joten kontrollia ei tarvita. " +
          "Kolesterolin tulos valmistuu vielä, ja ilmoitan siitä erikseen.",
      },
    ],
  },
  {
    person: "patient",
    title: "Ravitsemusneuvonta",
    createdAt: [-2, 13, 40],
    customerLastRead: null,
    messages: [
      {
        by: "P-HEI",
        at: [-2, 13, 40],
        text:
          "Hei Maija, lupasin vastaanotolla muutaman vinkin arkeen:\n\n" +
          "- syö säännöllisesti 3–4 tunnin välein\n- lisää kasviksia jokaiselle aterialle\n" +
          "- suosi täysjyväviljaa\n\nPalataan asiaan seuraavalla käynnillä.",
      },
    ],
  },
  {
    // Nothing written yet: the nurse opened the thread for the health check.
    person: "patient",
    title: "Terveystarkastuksen esitiedot",
    createdAt: [-1, 16],
    others: ["P-HEI"],
    customerLastRead: null,
    messages: [],
  },
  {
    // Assigned to the occupational health physician, who is away this week (his substitute stands in).
    person: "patient",
    title: "Selkäkipu istumatyössä",
    createdAt: [-4, 8, 30],
    customerLastRead: [-4, 12],
    assignee: { user: "P-TUO", at: [-4, 9, 15] },
    messages: [
      {
        by: "patient",
        at: [-4, 8, 30],
        text:
          "Hei, alaselkäni on ollut kipeä noin kaksi viikkoa. Kipu pahenee iltapäivisin pitkän istumisen jälkeen. " +
          "Tarvitsenko vastaanottoajan vai riittävätkö kotihoito-ohjeet?",
      },
    ],
  },
  {
    person: "patient",
    title: "Polven kipu juoksun jälkeen",
    createdAt: [-11, 19, 10],
    customerLastRead: [-10, 18],
    messages: [
      {
        by: "patient",
        at: [-11, 19, 10],
        text: "Hei, polveni turposi eilisen juoksulenkin jälkeen ja kipeytyy portaissa. Liitteenä kuva polvesta.",
        files: [KNEE_PHOTO],
      },
      {
        by: "P-AHO",
        at: [-10, 11, 30],
        text:
          "Kiitos kuvasta. Turvotus näyttää lievältä. Tein lähetteen polven röntgeniin, ja liitteenä on " +
          "kuntoutusohje. Jos turvotus ei laske viikossa, varaa aika vastaanotolle.",
        files: [KNEE_EXERCISES],
      },
      { by: "patient", at: [-10, 17, 55], text: "Kiitos, aloitan liikkeet tänään." },
    ],
  },
  {
    person: "patient",
    title: "Rokotustodistus matkaa varten",
    createdAt: [-14, 9],
    customerLastRead: [-13, 12],
    messages: [
      {
        // The nurse removed it: it carried the customer's identity code.
        by: "patient",
        at: [-14, 9],
        text: "Hei, tarvitsen todistuksen hepatiittirokotuksistani. Henkilötunnukseni on 150385-9024.",
        deletedAt: [-14, 10, 30],
      },
      {
        by: "patient",
        at: [-14, 9, 6],
        text: "Hei, tarvitsen todistuksen hepatiittirokotuksistani ulkomaanmatkaa varten.",
      },
      {
        by: "P-HEI",
        at: [-13, 10, 20],
        text:
          "Hei! Rokotustietosi näkyvät Omakannassa, ja voit tulostaa niistä todistuksen itse. " +
          "Poistin ensimmäisen viestisi, koska siinä oli henkilötunnuksesi.",
      },
    ],
  },
  {
    person: "patient",
    title: "Verenpaineen seuranta",
    createdAt: [-20, 8],
    customerLastRead: [-19, 16],
    messages: [
      {
        by: "patient",
        at: [-20, 8],
        text: "Hei, mittasin verenpaineen kotona viikon ajan. Aamuisin keskimäärin 132/84 ja iltaisin 128/80.",
      },
      {
        by: "P-HEI",
        at: [-19, 14, 45],
        text: "Kiitos mittauksista! Arvot ovat tavoitteessa. Jatka mittaamista kerran kuukaudessa.",
      },
    ],
  },
  {
    person: "patient",
    title: "Reseptin uusiminen",
    createdAt: [-40, 9],
    closedAt: [-38, 11],
    customerLastRead: [-38, 12],
    messages: [
      { by: "patient", at: [-40, 9], text: "Voisitteko uusia Levaxin-reseptini? Lääke loppuu ensi viikolla." },
      { by: "P-HEI", at: [-39, 11], text: "Resepti on uusittu, ja se näkyy Omakannassa." },
    ],
  },
  {
    person: "patient",
    title: "Kilpirauhaslääkityksen annos",
    createdAt: [-46, 18, 20],
    closedAt: [-44, 9],
    customerLastRead: [-44, 10],
    messages: [
      {
        by: "patient",
        at: [-46, 18, 20],
        text: "Olen ollut viime aikoina väsynyt. Voisiko Levaxin-annosta tarkistaa?",
      },
      {
        by: "P-AHO",
        at: [-45, 12, 10],
        text: "Otetaan TSH-kontrolli, tein lähetteen laboratorioon. Annosta ei muuteta ennen tulosta.",
      },
    ],
  },
  {
    person: "patient",
    title: "Astmalääkkeen käyttö",
    createdAt: [-62, 20, 5],
    customerLastRead: [-60, 19],
    messages: [
      {
        by: "patient",
        at: [-62, 20, 5],
        text: "Tarvitsen Ventolinea nyt syksyllä useammin kuin ennen. Onko se normaalia?",
      },
      {
        by: "P-AHO",
        at: [-61, 13, 30],
        text:
          "Flunssan jälkeen avaavaa lääkettä tarvitaan usein enemmän. Jos tarvitset sitä yli kaksi kertaa " +
          "viikossa vielä kuukauden päästä, varaa kontrollikäynti.",
      },
    ],
  },
  {
    person: "patient",
    title: "Gynekologin käynnin jatkohoito",
    createdAt: [-118, 10],
    closedAt: [-115, 15],
    customerLastRead: [-115, 16],
    messages: [
      { by: "P-NUR", at: [-118, 10], text: "Hei Maija, vuositarkastuksen näytteet olivat normaalit." },
      { by: "patient", at: [-117, 8, 40], text: "Kiitos tiedosta!" },
    ],
  },
  {
    person: "patient",
    title: "Univaikeudet",
    createdAt: [-150, 21],
    closedAt: [-140, 12],
    customerLastRead: [-140, 13],
    messages: [
      {
        by: "patient",
        at: [-150, 21],
        text: "Heräilen öisin ja aamut ovat raskaita. Voisiko unettomuuteen saada apua?",
      },
      {
        by: "P-SAL",
        at: [-149, 10, 15],
        text:
          "Hei! Unettomuuteen auttaa usein säännöllinen unirytmi ja ruutuajan rajaaminen illalla. " +
          "Voit varata minulle ajan, niin käydään tilanne läpi tarkemmin.",
      },
    ],
  },
  {
    person: "patient",
    title: "Allergiaoireet keväällä",
    createdAt: [-200, 7, 50],
    closedAt: [-198, 14],
    customerLastRead: [-198, 15],
    messages: [
      { by: "patient", at: [-200, 7, 50], text: "Silmiä kutisee ja nenä vuotaa joka aamu. Mikä avuksi?" },
      {
        by: "P-BERG",
        at: [-199, 12],
        text: "Kokeile käsikauppa-antihistamiinia ja silmätippoja. Jos oireet jatkuvat, varaa aika.",
      },
    ],
  },
  {
    person: "employee",
    title: "Työterveysneuvottelu",
    type: "hr",
    createdAt: [-3, 10],
    customerLastRead: [-3, 14],
    messages: [
      {
        by: "HR",
        at: [-3, 10],
        text: "Hei Liisa, sovitaanko työterveysneuvottelu ensi viikolle? Ehdotan tiistaita kello 13.",
      },
      { by: "employee", at: [-3, 14], text: "Hei Hanna, tiistai kello 13 sopii minulle hyvin." },
    ],
  },
  {
    person: "employee",
    title: "Näyttöpäätelasit",
    createdAt: [-7, 12],
    customerLastRead: [-7, 12],
    messages: [
      {
        by: "employee",
        at: [-7, 12],
        text: "Hei, silmäni väsyvät näyttötyössä. Voinko saada lähetteen näyttöpäätelaseja varten?",
      },
      {
        by: "P-HEI",
        at: [-2, 9, 30],
        text:
          "Hei Liisa! Tein lähetteen optikolle näöntarkastukseen. Työnantajasi korvaa näyttöpäätelasit " +
          "sopimuksen mukaisesti.",
      },
    ],
  },
  {
    person: "guardian",
    title: "Selän kuntoutus",
    createdAt: [-14, 7, 45],
    customerLastRead: [-13, 18],
    messages: [
      { by: "guardian", at: [-14, 7, 45], text: "Hei, selkä on parempi, mutta jumppaohjeet ovat hukassa." },
      {
        by: "P-BERG",
        at: [-13, 10],
        text: "Hei Matti! Tee lantion kallistukset ja polvien kierrot aamuin illoin, 10 kertaa kumpaakin.",
      },
    ],
  },
];

/**
 * Messaging, occupational-health employers and teams, and professionals' absences for the demo: a messaging user for
 * each professional, each messaging customer and one employer's HR user; the threads above; the messaging status
 * with an announcement. Attachments are stored through `store` as files Maija owns.
 */
export async function seedMessaging(
  tx: Database | Transaction,
  ids: Record<string, string>,
  today: Date,
  store: FileStorage,
  at: At,
) {
  const when = ([day, hour, minute = 0]: When) => at(today, day, hour, minute);
  const dateOn = (day: number) => {
    const p = helsinkiDateParts(at(today, day, 12));
    return `${p.year}-${String(p.month).padStart(2, "0")}-${String(p.day).padStart(2, "0")}`;
  };

  const practitioners = await tx
    .select({ id: s.practitioners.id, name: s.practitioners.name, title: s.practitioners.titleFi })
    .from(s.practitioners)
    .where(inArray(s.practitioners.id, [...PROFESSIONALS]));
  const people = await tx
    .select({ id: s.people.id, firstName: s.people.firstName, lastName: s.people.lastName })
    .from(s.people)
    .where(
      inArray(
        s.people.id,
        CUSTOMERS.map((key) => ids[key]),
      ),
    );

  type User = typeof s.messagingUsers.$inferInsert;
  const rows: [Author, User][] = [
    ...practitioners.map((p): [Author, User] => {
      const [firstName, ...rest] = p.name.split(" ");
      return [
        p.id as Professional,
        { type: "ProfessionalUser", practitionerId: p.id, firstName, lastName: rest.join(" "), title: p.title },
      ];
    }),
    ...CUSTOMERS.map((key): [Author, User] => {
      const person = people.find((p) => p.id === ids[key])!;
      return [
        key,
        { type: "CustomerUser", personId: person.id, firstName: person.firstName, lastName: person.lastName },
      ];
    }),
    ["HR", { type: "HrUser", firstName: "Hanna", lastName: "HR-Halonen", title: "HR-asiantuntija" }],
  ];
  const inserted = await tx
    .insert(s.messagingUsers)
    .values(rows.map(([, user]) => user))
    .returning();
  const users = new Map(rows.map(([key], i) => [key, inserted[i]]));
  const user = (key: Author) => users.get(key)!;

  for (const demo of DEMO_THREADS) {
    const [thread] = await tx
      .insert(s.threads)
      .values({
        personId: ids[demo.person],
        title: demo.title,
        type: demo.type ?? "customer",
        isActive: !demo.closedAt,
        createdAt: when(demo.createdAt),
        professionalTimestamp: demo.closedAt ? when(demo.closedAt) : null,
      })
      .returning({ id: s.threads.id });

    for (const m of demo.messages) {
      const author = user(m.by);
      const [message] = await tx
        .insert(s.messages)
        .values({
          threadId: thread.id,
          authorId: author.id,
          authorType: author.type,
          authorName: `${author.firstName} ${author.lastName}`,
          authorTitle: author.title,
          content: m.text,
          createdAt: when(m.at),
          deletedAt: m.deletedAt ? when(m.deletedAt) : null,
        })
        .returning({ id: s.messages.id });
      for (const file of m.files ?? []) {
        const key = newSealedKey("message-attachment");
        const bytes = await file.bytes();
        await store.put(key, bytes, file.contentType);
        const [stored] = await tx
          .insert(s.storedFiles)
          .values({
            // Attachments belong to the customer the thread is about, whoever sent them.
            ownerId: ids[demo.person],
            purpose: "message-attachment",
            storageKey: key,
            contentType: file.contentType,
            sizeBytes: bytes.byteLength,
            createdAt: when(m.at),
            uploadedAt: when(m.at),
          })
          .returning({ id: s.storedFiles.id });
        await tx
          .insert(s.messageAttachments)
          .values({ messageId: message.id, fileId: stored.id, fileName: file.fileName });
      }
    }

    // The customer read it when the demo says; everyone else has read everything in it.
    const lastActivity = demo.messages.length ? when(demo.messages[demo.messages.length - 1].at) : when(demo.createdAt);
    const others = new Set<Author>([...demo.messages.map((m) => m.by), ...(demo.others ?? [])]);
    others.delete(demo.person);
    if (demo.assignee) others.add(demo.assignee.user);
    await tx.insert(s.threadParticipants).values([
      {
        threadId: thread.id,
        userId: user(demo.person).id,
        readAt: demo.customerLastRead ? when(demo.customerLastRead) : null,
      },
      ...[...others].map((key) => ({ threadId: thread.id, userId: user(key).id, readAt: lastActivity })),
    ]);
    if (demo.assignee)
      await tx
        .insert(s.threadAssignments)
        .values({ threadId: thread.id, assigneeId: user(demo.assignee.user).id, assignedAt: when(demo.assignee.at) });
  }

  // Absences: the occupational health physician is away this week (Anna Aho stands in); the nurse's holiday is
  // over (not shown any more); the physiotherapist's course is ahead, with no substitute.
  await tx.insert(s.professionalAbsences).values([
    {
      absenteeId: user("P-TUO").id,
      substituteId: user("P-AHO").id,
      startDate: dateOn(-2),
      endDate: dateOn(5),
      internalMessage: "Lomalla. Kiireelliset lähetteet ja todistukset Anna Aholle.",
    },
    {
      absenteeId: user("P-HEI").id,
      substituteId: null,
      startDate: dateOn(-40),
      endDate: dateOn(-30),
      internalMessage: "Syysloma.",
    },
    {
      absenteeId: user("P-KOS").id,
      substituteId: null,
      startDate: dateOn(14),
      endDate: dateOn(16),
      internalMessage: "Koulutuksessa.",
    },
  ]);

  const [builder, haulier] = await tx
    .insert(s.employers)
    .values([{ name: "Rakennus Oy Esimerkki" }, { name: "Kuljetus Virtanen Oy" }])
    .returning({ id: s.employers.id });
  await tx.insert(s.employments).values([
    { personId: ids.employee, employerId: builder.id },
    { personId: ids.patient, employerId: builder.id },
    { personId: ids.guardian, employerId: haulier.id },
  ]);
  await tx.insert(s.occupationalTeamMembers).values([
    { employerId: builder.id, practitionerId: "P-TUO", role: "Doctor" },
    { employerId: builder.id, practitionerId: "P-HEI", role: "Nurse" },
    { employerId: builder.id, practitionerId: "P-KOS", role: "Physiotherapist" },
    { employerId: haulier.id, practitionerId: "P-BERG", role: "Doctor" },
    { employerId: haulier.id, practitionerId: "P-HEI", role: "Nurse" },
    { employerId: haulier.id, practitionerId: "P-SAL", role: "Psychologist" },
  ]);

  await tx.insert(s.messagingStatus).values({
    id: 1,
    maintenance: false,
    announcementActive: true,
    announcementHeading: "Viestipalvelun huoltokatko 1.12.",
    announcementDescription:
      "Viestipalvelu on huollon vuoksi poissa käytöstä **tiistaina 1.12. kello 6–8**. Kiireellisissä asioissa " +
      "soita asiakaspalveluun. Lue lisää [verkkosivuiltamme](https://www.solmu.example/).",
    announcementType: "info",
  });
}

/** A one-page instruction sheet as the care team would attach it (real text, so it can be read aloud). */
function instructionsPdf(title: string, lines: string[]): Promise<Uint8Array> {
  const doc = new PDFDocument({ size: "A4", margin: 56, lang: "fi-FI", info: { Title: title, Author: "Solmu" } });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Uint8Array>((resolve, reject) => {
    doc.on("end", () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on("error", reject);
  });
  doc.font("Helvetica-Bold").fontSize(18).text(title);
  doc.moveDown();
  doc.font("Helvetica").fontSize(11);
  for (const line of lines) doc.text(line).moveDown(0.5);
  doc.end();
  return done;
}

/** A small picture of a swollen knee: a reddish oval on skin tone. */
function kneePhoto(): Uint8Array {
  return pngImage(96, 72, (x, y) =>
    ((x - 48) / 26) ** 2 + ((y - 36) / 20) ** 2 <= 1 ? [214, 120, 110] : [236, 198, 170],
  );
}

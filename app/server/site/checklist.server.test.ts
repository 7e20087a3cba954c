import { describe, expect, test } from "vitest";
import { defaultProfile } from "#app/content/company.ts";
import { parseEnv } from "#app/server/env.server.ts";
import type { BusinessProfile } from "#app/schemas/site-rules.ts";
import type { DiskReadiness } from "#app/server/storage/disk.server.ts";
import type { AdminText } from "#app/server/site/types.server.ts";
import { createMailDnsCheck } from "#app/server/mail/mail-dns.server.ts";
import { buildMailRecordsView } from "#app/server/mail/mail-records.server.ts";
import { createSiteClock } from "#app/server/time.server.ts";
import {
  checkWarningLine,
  goLiveChecklist,
  isPlaceholderEmail,
  type ChecklistSources,
  type GoLiveCheck,
} from "#app/server/site/checklist.server.ts";

const MB = 1024 * 1024;
const roomy: DiskReadiness = {
  disk: { freeBytes: 40 * 1024 * MB, reserveBytes: 256 * MB, low: false },
  dataDir: "writable",
  unwritable: [],
};

/** An owner's domain with its three mail records published (checklist-mail.server.test.ts tests each one). */
const publishedDns = createMailDnsCheck({
  resolver: {
    async resolveTxt(name) {
      const records: Record<string, string> = {
        "bayoubuilders.com": "v=spf1 mx ~all",
        "site-test._domainkey.bayoubuilders.com": "v=DKIM1; k=rsa; p=TESTKEY",
        "_dmarc.bayoubuilders.com": "v=DMARC1; p=quarantine",
      };
      if (!records[name]) throw Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: "ENOTFOUND" });
      return [[records[name]]];
    },
  },
});

function sources({
  env = {},
  profile = defaultProfile,
  testimonials = 0,
  photos = 0,
  disk = roomy,
  texts = [],
}: {
  env?: Record<string, string>;
  profile?: BusinessProfile;
  testimonials?: number;
  photos?: number;
  disk?: DiskReadiness | Error;
  texts?: AdminText[];
}): ChecklistSources {
  const config = parseEnv(env);
  return {
    config,
    site: {
      profile: async () => profile,
      leadInbox: async () => config.env.LEADS_TO ?? profile.leadInbox,
      testimonials: async () =>
        Array.from({ length: testimonials }, (_, i) => ({ id: `t${i}`, name: "Ana", place: "", quoteEs: "Excelente." }) as never),
      adminTexts: async () => texts,
      spanishGaps: async () => ({ projects: { total: 0, items: [] }, photos: 0 }),
    },
    gallery: { countPublished: async () => photos },
    disk: {
      readiness: async () => {
        if (disk instanceof Error) throw disk;
        return disk;
      },
    },
    mail: {
      trouble: async () => null,
      records: async () =>
        buildMailRecordsView({
          config,
          dkim: { selector: "site-test", publicKey: "TESTKEY" },
          leadInbox: profile.leadInbox,
          dns: publishedDns,
        }),
    },
    clock: createSiteClock("America/Chicago"),
  };
}

const statuses = async (input: Parameters<typeof sources>[0]) =>
  Object.fromEntries((await goLiveChecklist(sources(input))).map((check) => [check.id, check.status]));

const owner: BusinessProfile = {
  ...defaultProfile,
  name: "Bayou City Builders",
  phone: "(281) 555-0123",
  publicEmail: "hello@bayoubuilders.com",
  leadInbox: "leads@bayoubuilders.com",
};

describe("goLiveChecklist", () => {
  test("a fresh install: every placeholder and the file transport are to do; Google is optional", async () => {
    expect(await statuses({})).toEqual({
      mail: "todo",
      "lead-inbox": "todo",
      business: "todo",
      "public-url": "todo",
      photos: "todo",
      testimonials: "todo",
      google: "optional",
      claims: "optional",
      spanish: "done",
      "mail-sender": "todo",
      "mail-dns": "todo",
      disk: "done",
      "data-folder": "done",
    });
  });

  test("an owner's site: everything done", async () => {
    expect(
      await statuses({
        env: {
          SMTP_URL: "smtp://u:p@smtp.bayoubuilders.com:587",
          PUBLIC_URL: "https://www.bayoubuilders.com",
          GOOGLE_CLIENT_ID: "id",
          GOOGLE_CLIENT_SECRET: "secret",
        },
        profile: {
          ...owner,
          yearsInBusiness: 12,
          licences: [{ label: "TDLR electrical contractor", number: "TECL 12345" }],
          insurance: "General liability insurance up to $1,000,000.",
          warranty: "Two-year written warranty on all labor.",
          permits: "We apply for the permits your job needs.",
          paymentTerms: "A deposit, then payments as the work is done.",
          familyRun: true,
          // Each sentence in Spanish too: otherwise the Spanish item lists it.
          spanish: {
            insurance: "Seguro de responsabilidad civil de hasta $1,000,000.",
            warranty: "Garantía por escrito de dos años en toda la mano de obra.",
            permits: "Sacamos los permisos que su obra necesita.",
            paymentTerms: "Un anticipo y pagos a medida que avanza la obra.",
          },
        },
        testimonials: 1,
        photos: 6,
      }),
    ).toEqual({
      mail: "done",
      "lead-inbox": "done",
      business: "done",
      "public-url": "done",
      photos: "done",
      testimonials: "done",
      google: "done",
      spanish: "done",
      claims: "done",
      "mail-sender": "done",
      "mail-dns": "done",
      disk: "done",
      "data-folder": "done",
    });
  });

  test("the file transport chosen explicitly is still to do, even with SMTP_URL; EmailJS counts as delivery", async () => {
    expect((await statuses({ env: { SMTP_URL: "smtp://h:25", MAIL_TRANSPORT: "file" } })).mail).toBe("todo");
    expect(
      (
        await statuses({
          env: { EMAILJS_SERVICE_ID: "s", EMAILJS_NOTIFICATION_TEMPLATE_ID: "t", EMAILJS_PUBLIC_KEY: "k" },
        })
      ).mail,
    ).toBe("done");
  });

  test("LEADS_TO wins over the profile's inbox, both ways, and the fix says where to change it", async () => {
    expect((await statuses({ env: { LEADS_TO: "office@bayoubuilders.com" } }))["lead-inbox"]).toBe("done");
    const checks = await goLiveChecklist(sources({ env: { LEADS_TO: "someone@example.org" }, profile: owner }));
    const inbox = checks.find((check) => check.id === "lead-inbox")!;
    expect(inbox.status).toBe("todo");
    expect(inbox.fix).toMatch(/^Set LEADS_TO/);
  });

  test("any one placeholder left keeps the business item open, and the detail names it", async () => {
    const checks = await goLiveChecklist(sources({ profile: { ...owner, phone: defaultProfile.phone } }));
    const business = checks.find((check) => check.id === "business")!;
    expect(business.status).toBe("todo");
    expect(business.detail).toBe("The site still shows the placeholder phone ((713) 555-0147).");
    const email = (await goLiveChecklist(sources({ profile: { ...owner, publicEmail: "info@example.com" } }))).find(
      (c) => c.id === "business",
    )!;
    expect(email.detail).toContain("placeholder email");
  });

  test.each([
    ["http://localhost:3000", "todo"],
    ["http://127.0.0.1:8080", "todo"],
    ["https://localhost", "todo"],
    ["http://www.bayoubuilders.com", "todo"],
    ["https://www.bayoubuilders.com", "done"],
  ])("PUBLIC_URL %s is %s", async (url, status) => {
    expect((await statuses({ env: { PUBLIC_URL: url } }))["public-url"]).toBe(status);
  });

  test("a local PUBLIC_URL's fix points to the one-server guide", async () => {
    const check = (await goLiveChecklist(sources({ env: { PUBLIC_URL: "http://localhost:3000" } }))).find((c) => c.id === "public-url")!;
    expect(check.fix).toContain("docs/operating/one-server.md");
  });

  test("five photos are not enough; the fix counts what is missing", async () => {
    const photos = (await goLiveChecklist(sources({ photos: 5 }))).find((check) => check.id === "photos")!;
    expect(photos.status).toBe("todo");
    expect(photos.detail).toBe("5 photos are published: the gallery shows drawings instead of your work.");
    expect(photos.fix).toBe("Upload and publish at least 1 more photo of finished jobs in the gallery.");
  });

  test("a nearly full disk is to do, with the free space and what happens to photos in words", async () => {
    const [below, between] = (await Promise.all(
      [12 * MB, 300 * MB].map(async (freeBytes) =>
        (await goLiveChecklist(sources({ disk: { ...roomy, disk: { freeBytes, reserveBytes: 256 * MB, low: true } } }))).find(
          (c) => c.id === "disk",
        )!,
      ),
    )) as [GoLiveCheck, GoLiveCheck];
    expect(below.status).toBe("todo");
    expect(below.detail).toBe(
      "The server's disk is almost full: 12 MB free. Photos sent with estimate requests are not being kept until space is freed (the requests themselves are).",
    );
    expect(below.fix).toContain("The site keeps 256 MB free for the requests themselves (DISK_RESERVE_MB).");
    expect(between.detail).toContain("300 MB free. Larger photos sent with estimate requests are not being kept");
    const fine = (await goLiveChecklist(sources({}))).find((c) => c.id === "disk")!;
    expect(fine.detail).toBe("The server's disk has 40.0 GB free.");
    // Urgent (said first on the dashboard) only while it is wrong.
    expect([below.urgent, between.urgent, fine.urgent]).toEqual([true, true, false]);
  });

  test("only the server's own trouble is urgent; the set-up items never are", async () => {
    const checks = await goLiveChecklist(
      sources({
        disk: {
          ...roomy,
          dataDir: "unwritable",
          unwritable: ["media"],
          disk: { freeBytes: MB, reserveBytes: 256 * MB, low: true },
        },
      }),
    );
    expect(checks.filter((check) => check.urgent).map((check) => check.id)).toEqual(["disk", "data-folder"]);
    expect(checks.filter((check) => check.status === "todo").length).toBeGreaterThan(2);
  });

  test("an unwritable data folder is to do and names the folders", async () => {
    const checks = await goLiveChecklist(sources({ disk: { ...roomy, dataDir: "unwritable", unwritable: ["tmp/uploads", "media"] } }));
    const folder = checks.find((c) => c.id === "data-folder")!;
    expect(folder.status).toBe("todo");
    expect(folder.detail).toBe(
      "The server cannot write to its tmp/uploads folder and its media folder (DATA_DIR): photos sent with estimate requests are not kept.",
    );
    expect(folder.fix).toMatch(/^Give the user the server runs as write access to DATA_DIR/);
    const itself = (await goLiveChecklist(sources({ disk: { ...roomy, dataDir: "unwritable", unwritable: ["."] } }))).find(
      (c) => c.id === "data-folder",
    )!;
    expect(itself.detail).toContain(
      "the data folder itself (DATA_DIR): photos sent with estimate requests are not kept, and new requests may not be stored.",
    );
  });

  test("disk figures that cannot be read leave their items out, not the checklist", async () => {
    const ids = (await goLiveChecklist(sources({ disk: new Error("statfs failed") }))).map((c) => c.id);
    expect(ids).not.toContain("disk");
    expect(ids).toContain("mail");
  });

  test("a warning line is one line with the page that fixes it", async () => {
    const checks = await goLiveChecklist(sources({}));
    const line = checkWarningLine(
      checks.find((check) => check.id === "testimonials")!,
      "https://www.bayoubuilders.com",
    );
    expect(line).toMatch(/^Not ready to go live: There are no testimonials.* \(https:\/\/www\.bayoubuilders\.com\/admin\/site\)$/);
    expect(line).not.toContain("\n");
  });
});

test("isPlaceholderEmail: the documentation domains and their subdomains", () => {
  expect(isPlaceholderEmail("estimates@example.com")).toBe(true);
  expect(isPlaceholderEmail("a@mail.example.org")).toBe(true);
  expect(isPlaceholderEmail("a@EXAMPLE.NET")).toBe(true);
  expect(isPlaceholderEmail("a@example.company.com")).toBe(false);
  expect(isPlaceholderEmail("a@myexample.com")).toBe(false);
});

const ownText = (key: string, own: boolean, spanish = ""): AdminText => ({
  key,
  group: "Home page",
  label: key === "home.intro" ? "Introduction" : "Headline",
  kind: "line",
  hint: "",
  value: "v",
  defaultValue: "d",
  isDefault: !own,
  spanish,
});
const spanishItem = async (texts: AdminText[]) => (await goLiveChecklist(sources({ texts }))).find((check) => check.id === "spanish")!;

describe("the Spanish item (ADR 064)", () => {
  test("done while the texts are the built-in ones, or every own text has its Spanish", async () => {
    expect(await spanishItem([ownText("home.intro", false)])).toMatchObject({ status: "done", missing: [] });
    expect(await spanishItem([ownText("home.intro", true, "Hola")])).toMatchObject({
      status: "done",
      detail: "Everything you wrote has its Spanish version.",
    });
  });

  test("optional, never blocking, with each own text that lacks its Spanish linked to its field", async () => {
    const check = await spanishItem([ownText("home.intro", true), ownText("home.headline", true), ownText("about.heading", false)]);
    expect(check.status).toBe("optional");
    expect(check.detail).toBe(
      "2 things you wrote have no Spanish version yet: the Spanish pages show your English instead, and a project or photo without its Spanish has no Spanish page.",
    );
    expect(check.missing).toEqual([
      {
        kind: "texts",
        title: "2 site texts",
        count: 2,
        items: [
          { label: "Introduction (Home page)", href: "/admin/site/texts?key=home.intro#text-home-intro-es" },
          { label: "Headline (Home page)", href: "/admin/site/texts?key=home.headline#text-home-headline-es" },
        ],
        more: null,
      },
    ]);
  });

  test("reads the profile, the testimonials and the projects and photos the site finds without Spanish", async () => {
    const input = sources({ profile: { ...defaultProfile, warranty: "Two years on all labor." }, testimonials: 1 });
    let asked = 0;
    const site: ChecklistSources["site"] = {
      ...input.site,
      testimonials: async () => [{ id: "t1", name: "Ana", place: "Katy", quoteEs: "" }] as never,
      spanishGaps: async ({ projectLimit }) => {
        asked = projectLimit;
        return { projects: { total: 1, items: [{ id: "p1", title: "Katy patio", noTitle: true, noStory: false }] }, photos: 3 };
      },
    };
    const check = (await goLiveChecklist({ ...input, site })).find((item) => item.id === "spanish")!;
    expect(asked).toBe(5);
    expect(check.status).toBe("optional");
    expect(check.missing?.map((g) => [g.kind, g.count, g.items.map((i) => i.href)])).toEqual([
      ["profile", 1, ["/admin/site#es-warranty"]],
      ["testimonials", 1, ["/admin/site/testimonials?edit=t1#testimonial-t1-es"]],
      ["projects", 1, ["/admin/projects/p1#project-spanish"]],
      ["photos", 3, ["/admin/gallery?spanish=missing"]],
    ]);
  });
});

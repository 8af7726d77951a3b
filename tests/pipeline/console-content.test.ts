import { serializeIntent } from "@conform-to/dom";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import * as auditRoute from "~/routes/console/audit";
import * as openingEditRoute from "~/routes/console/opening-edit";
import * as openingNewRoute from "~/routes/console/opening-new";
import * as openingsRoute from "~/routes/console/openings";
import * as staffRoute from "~/routes/console/staff";
import * as testimonialEditRoute from "~/routes/console/testimonial-edit";
import * as testimonialsRoute from "~/routes/console/testimonials";
import * as publicOpeningRoute from "~/routes/marketing/opening";
import { calendarDateIn } from "~/lib/zoned-time";
import { listAudit, recordAudit } from "~/server/models/shared/audit.server";
import { db } from "~/server/db/db.server";
import { createOpening, findOpening, listOpenOpenings } from "~/server/models/pipeline/openings.server";
import { createTestimonial, findTestimonial, listVisibleTestimonials } from "~/server/models/pipeline/testimonials.server";
import { clearTables, testDatabases, useAppDatabase } from "../helpers/databases";
import { signInStaff, signUp } from "../helpers/accounts";
import { recordEvents } from "../helpers/events";
import { call, type Form } from "../helpers/routes";

const BASE = "/employee-dashboard";
const DAY = 86_400_000;
const validOpening = (extra: Form = {}): Form => ({
  intent: "save",
  title: "Platform Engineer",
  location: "Pune, India",
  type: "Full-time",
  description: "Keep our client platforms fast and boring.",
  salary: "₹20–28 LPA",
  requirements: ["Kubernetes in production", "PostgreSQL tuning"],
  ...extra,
});

const snapshot = async () => ({
  openings: await db().selectFrom("jobOpenings").selectAll().orderBy("id").execute(),
  testimonials: await db().selectFrom("testimonials").selectAll().orderBy("id").execute(),
  audit: await db().selectFrom("auditLog").selectAll().orderBy("id").execute(),
  users: await db().selectFrom("users").select(["id", "email"]).orderBy("id").execute(),
});

/** The audit log's actions, sorted (changes within one millisecond have no order). */
async function auditActions() {
  return (await listAudit({ limit: 100, offset: 0 })).entries.map((e) => e.action).sort();
}

describe.each(testDatabases("console-content"))("Console openings, testimonials, staff and audit on $name", (database) => {
  let cleanup: () => Promise<void>;
  let staff: string;
  let client: string;

  beforeAll(async () => {
    ({ cleanup } = await useAppDatabase(database, { APP_URL: "https://agency.example" }));
    staff = (await signInStaff("editor@indigokite.dev", { password: "staff-password-123" })).cookie;
    client = (await signUp("carol@example.com", "Carol")).cookie;
    // Migrations plus two Argon2 sign-ups: slow on a busy CI machine.
  }, 30_000);
  afterAll(async () => cleanup());
  beforeEach(async () => {
    await clearTables("auditLog", "jobApplications", "jobOpenings", "testimonials");
  });

  async function seedOpening() {
    return createOpening(null, {
      title: "QA Engineer",
      location: "Remote (India)",
      type: "Contract",
      description: "Test things.",
      salary: "",
      requirements: ["Playwright"],
    });
  }

  /** Every loader and action of these sections, as `who` would call them. */
  async function everyCall(cookie: string | undefined, ids: { opening: string; testimonial: string }) {
    const o = { params: { id: ids.opening } };
    const t = { params: { id: ids.testimonial } };
    return [
      await call(openingsRoute.loader, `${BASE}/openings`, { cookie }),
      await call(openingsRoute.action, `${BASE}/openings`, { cookie, form: { intent: "close", id: ids.opening } }),
      await call(openingNewRoute.loader, `${BASE}/openings/new`, { cookie }),
      await call(openingNewRoute.action, `${BASE}/openings/new`, { cookie, form: validOpening() }),
      await call(openingEditRoute.loader, `${BASE}/openings/${ids.opening}`, { cookie, ...o }),
      await call(openingEditRoute.action, `${BASE}/openings/${ids.opening}`, { cookie, form: validOpening(), ...o }),
      await call(openingEditRoute.action, `${BASE}/openings/${ids.opening}`, { cookie, form: { intent: "close" }, ...o }),
      await call(testimonialsRoute.loader, `${BASE}/testimonials`, { cookie }),
      await call(testimonialsRoute.action, `${BASE}/testimonials`, {
        cookie,
        form: { intent: "save", review: "Great", name: "Zed", category: "Web" },
      }),
      await call(testimonialsRoute.action, `${BASE}/testimonials`, { cookie, form: { intent: "hide", id: ids.testimonial } }),
      await call(testimonialEditRoute.loader, `${BASE}/testimonials/${ids.testimonial}`, { cookie, ...t }),
      await call(testimonialEditRoute.action, `${BASE}/testimonials/${ids.testimonial}`, {
        cookie,
        form: { intent: "save", review: "R", name: "N", category: "C" },
        ...t,
      }),
      await call(testimonialEditRoute.action, `${BASE}/testimonials/${ids.testimonial}`, { cookie, form: { intent: "hide" }, ...t }),
      await call(staffRoute.loader, `${BASE}/staff`, { cookie }),
      await call(staffRoute.action, `${BASE}/staff`, {
        cookie,
        form: { intent: "invite", email: "intruder@indigokite.dev", staffRole: "admin" },
      }),
      await call(auditRoute.loader, `${BASE}/audit`, { cookie }),
    ];
  }

  test("A guest is sent to /login by every loader and action, and nothing changes", async () => {
    const ids = {
      opening: (await seedOpening()).id,
      testimonial: (await createTestimonial(null, { review: "R", name: "N", category: "C" })).id,
    };
    const before = await snapshot();
    for (const outcome of await everyCall(undefined, ids)) expect(outcome).toMatchObject({ status: 302, location: "/login" });
    expect(await snapshot()).toEqual(before);
  });

  test("A client is refused with 403 by every loader and action, and nothing changes", async () => {
    const ids = {
      opening: (await seedOpening()).id,
      testimonial: (await createTestimonial(null, { review: "R", name: "N", category: "C" })).id,
    };
    const before = await snapshot();
    for (const outcome of await everyCall(client, ids)) expect(outcome.status).toBe(403);
    expect(await snapshot()).toEqual(before);
  });

  describe("Openings", () => {
    test("Staff publish an opening with a requirements list: it is stored, audited, announced and listed on /careers", async () => {
      const { seen, stop } = recordEvents();
      const validThrough = calendarDateIn(Date.now() + 30 * DAY, "UTC");
      const outcome = await call(openingNewRoute.action, `${BASE}/openings/new`, { cookie: staff, form: validOpening({ validThrough }) });
      stop();
      expect(outcome.status).toBe(302);
      const id = /\/openings\/([\w-]+)\?created=1$/.exec(outcome.location ?? "")?.[1];
      expect(id).toBeDefined();
      const stored = await findOpening(id!);
      expect(stored).toMatchObject({
        title: "Platform Engineer",
        status: "open",
        requirements: ["Kubernetes in production", "PostgreSQL tuning"],
        validThrough: Date.parse(`${validThrough}T23:59:59.999Z`),
      });
      expect((await listOpenOpenings()).map((o) => o.id)).toEqual([id]);
      expect(seen).toContainEqual({ type: "opening.changed", id });
      const [entry] = (await listAudit({ entity: "opening", limit: 10, offset: 0 })).entries;
      expect(entry).toMatchObject({ action: "opening.create", entityId: id, actorEmail: "editor@indigokite.dev" });
    });

    test("Invalid openings are refused with field errors and nothing is stored or audited", async () => {
      const yesterday = calendarDateIn(Date.now() - DAY, "UTC");
      const cases: [Form, string][] = [
        [validOpening({ title: "  " }), "title"],
        [validOpening({ location: "" }), "location"],
        [validOpening({ type: "" }), "type"],
        [validOpening({ description: "" }), "description"],
        [validOpening({ title: "x".repeat(121) }), "title"],
        [validOpening({ requirements: [] }), "requirements"],
        [validOpening({ requirements: ["Kubernetes", ""] }), "requirements[1]"],
        [validOpening({ requirements: ["Same", "Same"] }), "requirements"],
        [validOpening({ requirements: "y".repeat(301) }), "requirements[0]"],
        [validOpening({ validThrough: yesterday }), "validThrough"],
        [validOpening({ validThrough: "2030-02-31" }), "validThrough"],
      ];
      for (const [form, field] of cases) {
        const outcome = await call(openingNewRoute.action, `${BASE}/openings/new`, { cookie: staff, form });
        expect(outcome.status, field).toBe(400);
        const error = (outcome.data?.result as { error?: Record<string, string[]> }).error ?? {};
        expect(Object.keys(error), JSON.stringify(form)).toContain(field);
      }
      const past = await call(openingNewRoute.action, `${BASE}/openings/new`, {
        cookie: staff,
        form: validOpening({ validThrough: yesterday }),
      });
      expect(JSON.stringify(past.data)).toContain("cannot be in the past");
      expect(await db().selectFrom("jobOpenings").selectAll().execute()).toEqual([]);
      expect(await auditActions()).toEqual([]);
    });

    test("Without JavaScript, Add requirement answers the form with one more row and saves nothing", async () => {
      const intent = serializeIntent<string[]>({ type: "insert", payload: { name: "requirements", defaultValue: "" } });
      const outcome = await call(openingNewRoute.action, `${BASE}/openings/new`, {
        cookie: staff,
        form: { ...validOpening(), __intent__: intent },
      });
      expect(outcome.status).toBe(200);
      const result = outcome.data?.result as { intent?: { type: string }; initialValue?: { requirements?: unknown[] } };
      expect(result.intent?.type).toBe("insert");
      expect(result.initialValue?.requirements).toHaveLength(3);
      expect(await db().selectFrom("jobOpenings").selectAll().execute()).toEqual([]);
    });

    test("Posted extra fields (id, status, createdAt) are ignored: mass assignment is not possible", async () => {
      const form = validOpening({ id: "chosen-id", status: "closed", createdAt: "1", updatedAt: "1", validThrough: "" });
      const outcome = await call(openingNewRoute.action, `${BASE}/openings/new`, { cookie: staff, form });
      expect(outcome.status).toBe(302);
      const [row] = await db().selectFrom("jobOpenings").selectAll().execute();
      expect(row).toMatchObject({ status: "open", validThrough: null });
      expect(row!.id).not.toBe("chosen-id");
      expect(row!.createdAt).toBeGreaterThan(1_000_000);

      const edit = await call(openingEditRoute.action, `${BASE}/openings/${row!.id}`, {
        cookie: staff,
        params: { id: row!.id },
        form: validOpening({ status: "closed", createdAt: "5" }),
      });
      expect(edit.status).toBe(200);
      expect(await findOpening(row!.id)).toMatchObject({ status: "open", createdAt: row!.createdAt });
    });

    test("Staff edit an opening: the fields change, the audit row names them and /careers is told", async () => {
      const opening = await seedOpening();
      const loaded = await call(openingEditRoute.loader, `${BASE}/openings/${opening.id}`, { cookie: staff, params: { id: opening.id } });
      expect(loaded.data?.opening).toMatchObject({ id: opening.id, title: "QA Engineer" });

      const { seen, stop } = recordEvents();
      const form = validOpening({
        title: "Senior QA Engineer",
        location: "Remote (India)",
        type: "Contract",
        description: "Test things.",
        salary: "",
        requirements: ["Playwright", "Vitest"],
      });
      const outcome = await call(openingEditRoute.action, `${BASE}/openings/${opening.id}`, {
        cookie: staff,
        params: { id: opening.id },
        form,
      });
      stop();
      expect(outcome).toMatchObject({ status: 200, data: { intent: "save", status: "success" } });
      expect(await findOpening(opening.id)).toMatchObject({
        title: "Senior QA Engineer",
        requirements: ["Playwright", "Vitest"],
        status: "open",
      });
      expect(seen).toContainEqual({ type: "opening.changed", id: opening.id });
      const [entry] = (await listAudit({ entity: "opening", entityId: opening.id, limit: 10, offset: 0 })).entries;
      expect(entry).toMatchObject({ action: "opening.update", detail: { fields: ["title", "requirements"] } });
    });

    test("An invalid edit changes nothing; an unknown opening is a 404", async () => {
      const opening = await seedOpening();
      const before = await snapshot();
      const outcome = await call(openingEditRoute.action, `${BASE}/openings/${opening.id}`, {
        cookie: staff,
        params: { id: opening.id },
        form: validOpening({ description: "" }),
      });
      expect(outcome.status).toBe(400);
      expect(await snapshot()).toEqual(before);
      expect((await call(openingEditRoute.loader, `${BASE}/openings/nope`, { cookie: staff, params: { id: "nope" } })).status).toBe(404);
      expect(
        (await call(openingEditRoute.action, `${BASE}/openings/nope`, { cookie: staff, params: { id: "nope" }, form: { intent: "close" } }))
          .status,
      ).toBe(404);
      expect(
        (await call(openingsRoute.action, `${BASE}/openings`, { cookie: staff, form: { intent: "publish", id: opening.id } })).status,
      ).toBe(400);
    });

    test("Closing an opening takes it off /careers and its public page answers 410; reopening brings it back", async () => {
      const opening = await seedOpening();
      const path = `${BASE}/openings/${opening.id}`;
      const close = await call(openingEditRoute.action, path, { cookie: staff, params: { id: opening.id }, form: { intent: "close" } });
      expect(close).toMatchObject({ status: 200, data: { intent: "close", status: "success" } });
      expect(await listOpenOpenings()).toEqual([]);
      expect((await call(publicOpeningRoute.loader, `/careers/${opening.id}`, { params: { id: opening.id } })).status).toBe(410);

      // A second close is a no-op: nothing more in the audit log.
      const again = await call(openingsRoute.action, `${BASE}/openings`, { cookie: staff, form: { intent: "close", id: opening.id } });
      expect(again.data?.status).toBe("unchanged");

      const reopen = await call(openingsRoute.action, `${BASE}/openings`, { cookie: staff, form: { intent: "reopen", id: opening.id } });
      expect(reopen).toMatchObject({ status: 200, data: { intent: "reopen", status: "success" } });
      expect((await listOpenOpenings()).map((o) => o.id)).toEqual([opening.id]);
      expect((await call(publicOpeningRoute.loader, `/careers/${opening.id}`, { params: { id: opening.id } })).status).toBe(200);
      expect(await auditActions()).toEqual(["opening.close", "opening.reopen"]);
    });

    test("The list shows every opening with its status and application count, paginated", async () => {
      const first = await seedOpening();
      await db()
        .insertInto("jobApplications")
        .values(
          [1, 2].map((n) => ({
            id: `app-${n}`,
            name: "A",
            email: "a@example.com",
            message: "",
            resume: "",
            resumeName: "",
            resumeType: "",
            resumeSize: 0,
            jobId: first.id,
            submittedAt: n,
            appliedBy: null,
          })),
        )
        .execute();
      for (let i = 0; i < 21; i++) {
        const o = await createOpening(
          null,
          { title: `Role ${i}`, location: "Pune", type: "Full-time", description: "D", salary: "", requirements: ["R"] },
          1_000 + i,
        );
        if (i === 0) await call(openingsRoute.action, `${BASE}/openings`, { cookie: staff, form: { intent: "close", id: o.id } });
      }
      const page1 = await call(openingsRoute.loader, `${BASE}/openings`, { cookie: staff });
      const rows1 = page1.data?.openings as { id: string; status: string; applications: number }[];
      expect(page1.data?.total).toBe(22);
      expect(rows1).toHaveLength(20);
      expect(rows1.find((o) => o.id === first.id)).toMatchObject({ status: "open", applications: 2 });
      const page2 = await call(openingsRoute.loader, `${BASE}/openings?page=2`, { cookie: staff });
      const rows2 = page2.data?.openings as { title: string; status: string }[];
      expect(rows2).toHaveLength(2);
      // Open ones first: the closed opening is on the last page.
      expect(rows2.at(-1)).toMatchObject({ title: "Role 0", status: "closed" });
    });

    test("An open opening's public page carries JobPosting JSON-LD with datePosted and validThrough", async () => {
      const createdAt = Date.UTC(2026, 0, 10, 9, 30);
      const opening = await createOpening(
        null,
        {
          title: "Designer </script><b>",
          location: "Pune, India",
          type: "Full-time",
          description: "Design.",
          salary: "₹9–14 LPA",
          requirements: ["Figma"],
        },
        createdAt,
      );
      const outcome = await call(publicOpeningRoute.loader, `/careers/${opening.id}`, { params: { id: opening.id } });
      const jobPosting = outcome.data?.jobPosting as Record<string, unknown>;
      expect(jobPosting).toMatchObject({
        "@type": "JobPosting",
        title: "Designer </script><b>",
        description: "Design.",
        datePosted: "2026-01-10T09:30:00.000Z",
        validThrough: new Date(createdAt + 60 * DAY).toISOString(),
        employmentType: "FULL_TIME",
        hiringOrganization: { "@type": "Organization", name: "Indigo Kite Technologies" },
        jobLocation: { "@type": "Place", address: { addressLocality: "Pune, India" } },
        baseSalary: "₹9–14 LPA",
        url: `https://agency.example/careers/${opening.id}`,
      });

      const html = renderPublicOpening(outcome.data!, opening.id);
      const script = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1];
      expect(script).toBeDefined();
      expect(script).not.toContain("</script>");
      expect(JSON.parse(script!)).toMatchObject({ "@type": "JobPosting", datePosted: "2026-01-10T09:30:00.000Z" });

      // A set valid-through date wins over the 60-day default.
      const validThrough = Date.parse(`${calendarDateIn(Date.now() + 10 * DAY, "UTC")}T23:59:59.999Z`);
      await db().updateTable("jobOpenings").set({ validThrough }).where("id", "=", opening.id).execute();
      const later = await call(publicOpeningRoute.loader, `/careers/${opening.id}`, { params: { id: opening.id } });
      expect((later.data?.jobPosting as { validThrough: string }).validThrough).toBe(new Date(validThrough).toISOString());

      await db().updateTable("jobOpenings").set({ status: "closed" }).where("id", "=", opening.id).execute();
      const closed = await call(publicOpeningRoute.loader, `/careers/${opening.id}`, { params: { id: opening.id } });
      expect(closed.status).toBe(410);
      expect(closed.data).not.toHaveProperty("jobPosting");
    });
  });

  describe("Testimonials", () => {
    test("Staff add a testimonial: it is on the home page, audited and announced", async () => {
      const { seen, stop } = recordEvents();
      const form = {
        intent: "save",
        review: "They shipped on time.",
        name: "Asha, CTO, Lumen",
        category: "SaaS",
        status: "hidden",
        sortOrder: "-5",
      };
      const outcome = await call(testimonialsRoute.action, `${BASE}/testimonials`, { cookie: staff, form });
      stop();
      expect(outcome).toMatchObject({ status: 200, data: { intent: "save", status: "success" } });
      const [visible] = await listVisibleTestimonials();
      expect(visible).toMatchObject({ review: "They shipped on time.", name: "Asha, CTO, Lumen", category: "SaaS" });
      expect(seen).toContainEqual({ type: "testimonial.changed", id: visible!.id });
      expect(await auditActions()).toEqual(["testimonial.create"]);
    });

    test("A testimonial without review, name or category is refused and nothing changes", async () => {
      for (const missing of ["review", "name", "category"]) {
        const form: Form = { intent: "save", review: "Good", name: "Ben", category: "Web", [missing]: " " };
        const outcome = await call(testimonialsRoute.action, `${BASE}/testimonials`, { cookie: staff, form });
        expect(outcome.status).toBe(400);
        expect(Object.keys((outcome.data?.result as { error: object }).error)).toEqual([missing]);
      }
      const tooLong = await call(testimonialsRoute.action, `${BASE}/testimonials`, {
        cookie: staff,
        form: { intent: "save", review: "r".repeat(1001), name: "B", category: "W" },
      });
      expect(tooLong.status).toBe(400);
      expect(await db().selectFrom("testimonials").selectAll().execute()).toEqual([]);
      expect(await auditActions()).toEqual([]);
    });

    test("Staff edit, hide and show a testimonial; the home page follows and each change is audited", async () => {
      const t = await createTestimonial(null, { review: "Old", name: "Dev", category: "Web" });
      const path = `${BASE}/testimonials/${t.id}`;
      const loaded = await call(testimonialEditRoute.loader, path, { cookie: staff, params: { id: t.id } });
      expect(loaded.data?.testimonial).toMatchObject({ id: t.id, visible: true });

      const edit = await call(testimonialEditRoute.action, path, {
        cookie: staff,
        params: { id: t.id },
        form: { intent: "save", review: "New", name: "Dev", category: "Mobile App" },
      });
      expect(edit.data?.status).toBe("success");
      expect(await findTestimonial(t.id)).toMatchObject({ review: "New", category: "Mobile App" });

      const { seen, stop } = recordEvents();
      await call(testimonialsRoute.action, `${BASE}/testimonials`, { cookie: staff, form: { intent: "hide", id: t.id } });
      expect(await listVisibleTestimonials()).toEqual([]);
      await call(testimonialEditRoute.action, path, { cookie: staff, params: { id: t.id }, form: { intent: "show" } });
      stop();
      expect((await listVisibleTestimonials()).map((v) => v.id)).toEqual([t.id]);
      expect(seen.filter((e) => e.type === "testimonial.changed")).toHaveLength(2);
      expect(await auditActions()).toEqual(["testimonial.hide", "testimonial.show", "testimonial.update"]);
      const update = (await listAudit({ entity: "testimonial", limit: 10, offset: 0 })).entries.find(
        (e) => e.action === "testimonial.update",
      );
      expect(update?.detail).toEqual({ fields: ["review", "category"] });

      const invalid = await call(testimonialEditRoute.action, path, {
        cookie: staff,
        params: { id: t.id },
        form: { intent: "save", review: "", name: "Dev", category: "Web" },
      });
      expect(invalid.status).toBe(400);
      expect(await findTestimonial(t.id)).toMatchObject({ review: "New" });
      expect((await call(testimonialEditRoute.loader, `${BASE}/testimonials/none`, { cookie: staff, params: { id: "none" } })).status).toBe(
        404,
      );
    });

    test("The testimonials list includes hidden ones and is paginated", async () => {
      for (let i = 0; i < 22; i++) await createTestimonial(null, { review: `R${i}`, name: `N${i}`, category: "C" });
      const page1 = await call(testimonialsRoute.loader, `${BASE}/testimonials`, { cookie: staff });
      expect(page1.data).toMatchObject({ total: 22, page: 1 });
      expect(page1.data?.testimonials).toHaveLength(20);
      const page2 = await call(testimonialsRoute.loader, `${BASE}/testimonials?page=2`, { cookie: staff });
      // New testimonials go after the existing ones.
      expect((page2.data?.testimonials as { name: string }[]).map((t) => t.name)).toEqual(["N20", "N21"]);
    });
  });

  describe("Staff and audit log", () => {
    // Inviting, roles, disabling and removing staff: tests/accounts/staff-roles.test.ts.

    test("The audit log lists entries newest first, filters by entity, links records and is paginated", async () => {
      const actor = { id: "actor-1", email: "ops@indigokite.dev", name: "Ops" };
      await recordAudit(
        db(),
        actor,
        { action: "lead.status", entity: "lead", entityId: "lead-1", detail: { from: "new", to: "won" } },
        1_000,
      );
      await recordAudit(
        db(),
        actor,
        { action: "project.progress", entity: "project", entityId: "p-1", detail: { ownerId: "u-9", from: 0, to: 40 } },
        2_000,
      );
      await recordAudit(
        db(),
        actor,
        { action: "staff.add", entity: "staff", entityId: "s-1", detail: { email: "a@indigokite.dev" } },
        3_000,
      );
      for (let i = 0; i < 20; i++)
        await recordAudit(db(), actor, { action: "opening.update", entity: "opening", entityId: `o-${i}` }, 10_000 + i);

      const all = await call(auditRoute.loader, `${BASE}/audit`, { cookie: staff });
      const entries = all.data?.entries as { action: string; entityId: string; href: string | null; summary: string; actorEmail: string }[];
      expect(all.data?.total).toBe(23);
      expect(entries).toHaveLength(20);
      expect(entries[0]).toMatchObject({ entityId: "o-19", href: `${BASE}/openings/o-19`, actorEmail: "ops@indigokite.dev" });
      expect(all.data?.entities).toEqual(["lead", "opening", "project", "staff"]);

      const page2 = (await call(auditRoute.loader, `${BASE}/audit?page=2`, { cookie: staff })).data?.entries as typeof entries;
      expect(page2.map((e) => e.action)).toEqual(["staff.add", "project.progress", "lead.status"]);
      expect(page2.map((e) => e.href)).toEqual([null, `${BASE}/clients/u-9`, `${BASE}/leads/lead-1`]);
      expect(page2[2]!.summary).toBe("from: new; to: won");

      const leads = await call(auditRoute.loader, `${BASE}/audit?entity=lead`, { cookie: staff });
      expect(leads.data).toMatchObject({ total: 1, entity: "lead" });
      const junk = await call(auditRoute.loader, `${BASE}/audit?entity=${encodeURIComponent("x' or 1=1")}`, { cookie: staff });
      expect(junk.data).toMatchObject({ total: 23, entity: "" });
    });
  });
});

function renderPublicOpening(loaderData: object, id: string): string {
  const Stub = createRoutesStub([
    { path: "/careers/:id", Component: publicOpeningRoute.default as never, HydrateFallback: () => null, loader: () => loaderData },
  ]);
  return renderToString(createElement(Stub, { initialEntries: [`/careers/${id}`], hydrationData: { loaderData: { "0": loaderData } } }));
}

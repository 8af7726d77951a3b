import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { expect, test } from "vitest";
import { RetentionDueList } from "~/components/console/retention-due-list";
import { RetentionForm } from "~/components/console/retention-form";

// The Data retention page's parts, rendered as the server sends them.

const text = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
const DAY = Date.UTC(2026, 10, 25);

test("The dry run says so when nothing is due", () => {
  expect(text(renderToString(<RetentionDueList due={[]} />))).toBe("Nothing is due: the next run would remove nothing.");
});

test("The dry run lists each record with its kind and since when", () => {
  const html = renderToString(
    <RetentionDueList
      due={[
        { kind: "application", id: "a1", label: "Asha Rao (Flutter Engineer)", since: DAY },
        { kind: "lead", id: "l1", label: "Ravi Kumar", since: DAY },
        { kind: "company", id: "c1", label: "Closed Co", since: DAY },
      ]}
    />,
  );
  expect(html).toContain("<caption");
  expect(text(html)).toContain("Application Asha Rao (Flutter Engineer) Rejected or withdrawn 25 Nov 2026");
  expect(text(html)).toContain("Lead Ravi Kumar Lost 25 Nov 2026");
  expect(text(html)).toContain("Company Closed Co Closed 25 Nov 2026");
});

test("A refused save shows the message by its field and keeps what was typed", () => {
  const lastResult = {
    status: "error" as const,
    initialValue: { intent: "save-retention", applicationDays: "7", leadDays: "400" },
    error: { applicationDays: ["Enter the days to keep rejected and withdrawn applications as a whole number from 30 to 3650."] },
  };
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () => <RetentionForm settings={{ applicationDays: 180, leadDays: 365, inboundMailDays: 90 }} lastResult={lastResult} />,
    },
  ]);
  const html = renderToString(<Stub initialEntries={["/"]} />);
  expect(html).toMatch(/name="applicationDays"[^>]*value="7"|value="7"[^>]*name="applicationDays"/);
  expect(html).toMatch(/name="leadDays"[^>]*value="400"|value="400"[^>]*name="leadDays"/);
  expect(html).toContain('aria-invalid="true"');
  expect(text(html)).toContain("Enter the days to keep rejected and withdrawn applications as a whole number from 30 to 3650.");
  expect(text(html)).toContain("Closed companies: kept 60 days after closing");
});

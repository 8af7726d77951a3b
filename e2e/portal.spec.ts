import { expect, test } from "@playwright/test";
import { signIn } from "./fixtures";
import { waitForHydration } from "./helpers";

// The client's own journey through the portal: a new client (signed in without the UI,
// see fixtures.ts) completes the profile → creates a project → raises a support request → replies to it.

test("A new client completes the profile, creates a project, raises a support request and replies to it", async ({ page }) => {
  page.on("dialog", (d) => void d.accept());
  const { email } = await signIn(page, { role: "client" });
  await page.goto("/user-dashboard");
  await expect(page).toHaveURL(/\/user-dashboard/);
  await waitForHydration(page);
  const main = page.getByRole("main");

  await expect(main.getByRole("heading", { name: "Complete your profile" })).toBeVisible();
  await main.getByLabel("Full Name").fill("Meera Iyer");
  await main.getByLabel("Phone").fill("+91 98450 11223");
  await main.getByLabel("Company").fill("Tandem Retail");
  await main.getByRole("button", { name: "Save Profile" }).click();
  await expect(main.getByText("Meera Iyer")).toBeVisible();
  await expect(main.getByText(email, { exact: true })).toBeVisible();

  // Edit mode opens with the pencil and X cancels without saving.
  await main.getByRole("button", { name: "Edit profile" }).click();
  await main.getByLabel("Full Name").fill("Somebody Else");
  await main.getByRole("button", { name: "Cancel editing" }).click();
  await expect(main.getByText("Meera Iyer")).toBeVisible();

  await page.getByRole("link", { name: "My Projects" }).first().click();
  await expect(main.getByText("No projects yet")).toBeVisible();
  await main.getByLabel("Title").fill("Rider app");
  await main.getByLabel("Description").fill("Delivery rider app with live location.");
  await main.getByRole("button", { name: "Create Project" }).click();
  const project = main.getByRole("listitem").filter({ hasText: "Rider app" });
  await expect(project).toBeVisible();
  await expect(project.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "0");

  await page.getByRole("link", { name: "Support" }).first().click();
  await expect(main.getByText("No complaints raised yet")).toBeVisible();
  await main.getByRole("button", { name: "New request" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Subject").fill("Login screen freezes");
  await dialog.getByLabel("Message").fill("The app freezes after I enter my OTP.");
  await dialog.getByRole("button", { name: "Submit Request" }).click();
  const request = main
    .getByRole("article")
    .filter({ hasText: "Login screen freezes" })
    .or(main.getByRole("listitem").filter({ hasText: "Login screen freezes" }));
  await expect(request.first()).toBeVisible();
  await expect(request.first().getByText("Pending")).toBeVisible();
  // Whose turn it is, beside the status: nobody at the agency has answered yet.
  await expect(request.first().getByText("Waiting on the agency")).toBeVisible();

  await request.first().getByLabel(/Reply/).fill("It happens on Android 14 only.");
  await request.first().getByRole("button", { name: "Send Reply" }).click();
  await expect(request.first().getByText("It happens on Android 14 only.")).toBeVisible();

  // Reload keeps the tab (it is in the URL) and everything saved.
  await page.reload();
  await expect(page).toHaveURL(/\/user-dashboard\/support$/);
  await expect(main.getByText("It happens on Android 14 only.")).toBeVisible();
});

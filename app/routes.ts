import { type RouteConfig, index, route } from "@react-router/dev/routes";

// Mirrors the route table of SPEC §2, one line per route, grouped by audience.
export default [
  // Public site, with the endpoints its forms and live lists use.
  index("routes/marketing/home.tsx"),
  route("services", "routes/marketing/services.tsx"),
  route("service/:slug", "routes/marketing/service.tsx"),
  route("cases", "routes/marketing/cases.tsx"),
  route("careers", "routes/marketing/careers.tsx"),
  route("careers/:id", "routes/marketing/opening.tsx"),
  route("apply/:id", "routes/marketing/apply.tsx"),
  route("apply/:id/submit", "routes/resources/apply-submit.ts"),
  route("about", "routes/marketing/about.tsx"),
  route("terms", "routes/marketing/terms.tsx"),
  route("privacy", "routes/marketing/privacy.tsx"),
  route("quote", "routes/marketing/quote.tsx"),
  route("quote/token", "routes/resources/quote-token.ts"),
  route("events/careers", "routes/resources/events-careers.ts"),
  route("events/testimonials", "routes/resources/events-testimonials.ts"),

  // Signing in and out, for clients and staff alike.
  route("login", "routes/auth/login.tsx"),
  route("employee-login", "routes/auth/employee-login.tsx"),
  // First-run setup: the first admin, while no staff account exists (404 after).
  route("setup", "routes/auth/setup.tsx"),
  route("logout", "routes/auth/logout.tsx"),
  route("dashboard", "routes/auth/dashboard.tsx"),
  route("forgot-password", "routes/auth/forgot-password.tsx"),
  // Decision 0098: sign-in by an e-mailed link (the request form, then the link's confirmation page).
  route("login/email-link", "routes/auth/sign-in-link-request.tsx"),
  route("login/link", "routes/auth/sign-in-link.tsx"),
  route("reset-password", "routes/auth/reset-password.tsx"),
  route("two-factor", "routes/auth/two-factor.tsx"),
  route("two-factor/step-up", "routes/auth/two-factor-step-up.tsx"),
  route("account/two-factor", "routes/auth/account-two-factor.tsx"),
  route("verify-email", "routes/auth/verify-email.tsx"),
  route("settings/change-password", "routes/auth/change-password.tsx"),
  route("passkeys/sign-in", "routes/auth/passkey-sign-in.ts"),
  route("staff-invitation", "routes/auth/staff-invitation.tsx"),
  route("invitation", "routes/auth/invitation.tsx"),
  route("invitation/google", "routes/auth/invitation-google.tsx"),
  route("home-dashboard", "routes/resources/home-dashboard.ts"),
  route("api/auth/*", "routes/resources/auth-api.ts"),

  // Client portal.
  route("user-dashboard", "routes/portal/layout.tsx", [
    index("routes/portal/profile.tsx"),
    route("projects", "routes/portal/projects.tsx"),
    // A project's workspace, in tabs (app/components/workspace/project-tabs.tsx).
    route("projects/:id", "routes/portal/project.tsx"),
    route("projects/:id/files", "routes/portal/project-files.tsx"),
    route("projects/:id/activity", "routes/portal/project-activity.tsx"),
    route("support", "routes/portal/support.tsx"),
    route("team", "routes/portal/team.tsx"),
    route("settings", "routes/portal/settings.tsx"),
    // The notification centre and e-mail preferences.
    route("notifications", "routes/portal/notifications.tsx"),
    route("notifications/preferences", "routes/portal/notification-preferences.tsx"),
    // Billing (decision 0086): invoices, balance due, Pay, receipts and PDFs.
    route("billing", "routes/portal/billing.tsx"),
    route("billing/:id", "routes/portal/billing-invoice.tsx"),
    // Proposals to the member's company (decision 0093): read, sign or decline.
    route("proposals", "routes/portal/proposals.tsx"),
    route("proposals/:id", "routes/portal/proposal.tsx"),
  ]),
  route("user-dashboard/billing/:id/pdf", "routes/portal/billing-pdf.ts"),
  route("user-dashboard/proposals/:id/pdf", "routes/portal/proposal-pdf.ts"),
  route("settings/reset-password", "routes/portal/settings-reset-password.ts"),
  route("settings/delete-account", "routes/portal/settings-delete-account.ts"),
  // "Download my data" (decision 0050).
  route("settings/export", "routes/portal/settings-export.ts"),
  route("verify-email/send", "routes/portal/verify-email-send.ts"),
  route("events/portal", "routes/resources/events-portal.ts"),

  // A signed-in user's own sign-in, clients and staff alike: sessions and passkeys.
  route("account/sessions", "routes/account/sessions.ts"),
  route("account/time-zone", "routes/account/time-zone.ts"),
  // Decision 0106: a person's private calendar feed (made, renewed, turned off from their account page).
  route("account/calendar-feed", "routes/account/calendar-feed.ts"),
  route("account/passkeys", "routes/account/passkeys.ts"),
  route("account/passkeys/new", "routes/account/passkey-new.ts"),
  // Decision 0053: the password or a code before adding a passkey, however recent the sign-in.
  route("account/confirm", "routes/account/confirm.tsx"),
  // Marking notifications read (bell, panel and page), and a mail's unsubscribe link.
  route("notifications/read", "routes/resources/notifications-read.ts"),
  route("unsubscribe", "routes/account/unsubscribe.tsx"),
  // A proposal mail's single-use link for a lead, and the token-free page its grant opens (decision 0093).
  route("proposal/:token", "routes/proposals/link.tsx"),
  route("proposal/view/:id", "routes/proposals/view.tsx"),
  // An approval request mail's one-click link for one member: GET shows, POST decides (decision 0099).
  route("approval/:id/:token", "routes/approvals/mail-link.tsx"),

  // Staff console.
  route("employee-dashboard", "routes/console/layout.tsx", [
    index("routes/console/overview.tsx"),
    // Search everywhere: the command palette's data, and its page without JavaScript (decision 0078).
    route("search", "routes/console/search.tsx"),
    // Console sections are added here, one line each.
    route("leads", "routes/console/leads.tsx"),
    route("leads/export", "routes/console/leads-export.ts"),
    route("leads/:id", "routes/console/lead.tsx"),
    route("leads/:id/convert", "routes/console/lead-convert.tsx"),
    route("proposals", "routes/console/proposals.tsx"),
    route("proposals/new", "routes/console/proposal-new.tsx"),
    route("proposals/:id", "routes/console/proposal.tsx"),
    route("proposals/:id/pdf", "routes/console/proposal-pdf.ts"),
    route("applications", "routes/console/applications.tsx"),
    route("applications/export", "routes/console/applications-export.ts"),
    route("applications/:id", "routes/console/application.tsx"),
    route("applications/:id/resume", "routes/console/application-resume.ts"),
    route("openings", "routes/console/openings.tsx"),
    route("openings/new", "routes/console/opening-new.tsx"),
    route("openings/:id", "routes/console/opening-edit.tsx"),
    route("testimonials", "routes/console/testimonials.tsx"),
    route("testimonials/:id", "routes/console/testimonial-edit.tsx"),
    // The public site's content: types, their items, an item's editor and history.
    route("site", "routes/console/site.tsx"),
    route("site/:type", "routes/console/site-list.tsx"),
    route("site/:type/new", "routes/console/site-new.tsx"),
    route("site/:type/:id", "routes/console/site-edit.tsx"),
    route("staff", "routes/console/staff.tsx"),
    route("account", "routes/console/account.tsx"),
    route("audit", "routes/console/audit.tsx"),
    route("settings", "routes/console/settings.tsx"),
    // Data retention (admin), with its dry run.
    route("settings/retention", "routes/console/retention.tsx"),
    // The agency's time zone, locale and currency (admin).
    route("settings/place", "routes/console/place.tsx"),
    // Inbound mail: what arrived, how it was routed, held and failed ones tried again (admin; decision 0097).
    route("settings/inbound-mail", "routes/console/inbound-mail.tsx"),
    // Webhooks and chat alerts: endpoints, the events they get, their delivery logs (admin; decision 0103).
    route("settings/webhooks", "routes/console/webhooks.tsx"),
    route("settings/webhooks/:id", "routes/console/webhook.tsx"),
    // Brand: name, contact details, colour and mail sender (admin).
    route("settings/brand", "routes/console/brand.tsx"),
    // The brand's logo and its dark variant (admin); the favicons are made from it.
    route("settings/brand/logo", "routes/console/brand-logo.tsx"),
    // API tokens: create (shown once), list, revoke (admin; decision 0104).
    route("settings/api-tokens", "routes/console/api-tokens.tsx"),
    // The API's reference, rendered from its OpenAPI document (every staff member).
    route("api", "routes/console/api-reference.tsx"),
    route("clients", "routes/console/clients.tsx"),
    route("clients/new", "routes/console/company-new.tsx"),
    route("clients/:id", "routes/console/client.tsx"),
    route("clients/:id/invite", "routes/console/client-invite.tsx"),
    // A member's data, for a subject access request (admin; decision 0050).
    route("clients/:id/members/:userId/export", "routes/console/client-member-export.ts"),
    route("client-invitations/:id", "routes/console/client-invitation.ts"),
    route("clients/:id/projects/new", "routes/console/project-new.tsx"),
    route("projects", "routes/console/projects.tsx"),
    route("projects/export", "routes/console/projects-export.ts"),
    route("projects/:id", "routes/console/project.tsx"),
    route("projects/:id/milestones", "routes/console/project-milestones.tsx"),
    route("projects/:id/files", "routes/console/project-files.tsx"),
    route("projects/:id/activity", "routes/console/project-activity.tsx"),
    // Billing: invoices, drafts' editor, payments, credit notes; finance staff and admins.
    route("billing", "routes/console/billing.tsx"),
    route("billing/new", "routes/console/billing-new.tsx"),
    // Aging and money received per month; the accountant's CSV.
    route("billing/reports", "routes/console/billing-reports.tsx"),
    route("billing/export", "routes/console/billing-export.ts"),
    // Numbering, tax ID, bank details, payment terms, reminder days, how long invoices are kept.
    route("billing/settings", "routes/console/billing-settings.tsx"),
    // Every company's retainers (recurring invoices), and "Stop".
    route("billing/retainers", "routes/console/billing-retainers.tsx"),
    route("billing/:id", "routes/console/billing-invoice.tsx"),
    route("billing/:id/pdf", "routes/console/billing-pdf.ts"),
    // Decision 0043: "Delete project" (admin), confirmed on the project page.
    route("projects/:id/delete", "routes/console/project-delete.ts"),
    // Decision 0048: "Erase…" a lead, an application, a client member or company (admin).
    route("erase/:kind/:id", "routes/console/erase.tsx"),
    route("support", "routes/console/support.tsx"),
    route("support/:id", "routes/console/complaint.tsx"),
    // The original of a message that came by e-mail, and its raw bytes (decision 0096).
    route("support/:id/mail/:messageId", "routes/console/complaint-mail.tsx"),
    route("support/:id/mail/:messageId/raw", "routes/console/complaint-mail-raw.ts"),
    //.
    route("saved-replies", "routes/console/saved-replies.tsx"),
    route("notifications", "routes/console/notifications.tsx"),
    route("notifications/preferences", "routes/console/notification-preferences.tsx"),
  ]),
  route("events/console", "routes/resources/events-console.ts"),
  // A draft of the site's content as its public page would show it: outside the console's layout,
  // never cached, never indexed.
  route("site-preview/:type/:id", "routes/console/site-preview.tsx"),

  // Project files and support attachments, for staff and the company's members alike;
  // each route checks who may see the file.
  route("projects/:id/files/upload", "routes/resources/project-files-upload.ts"),
  route("files/:id", "routes/resources/file-download.ts"),
  // Decision 0106: the calendar feed's address, for calendar apps (no session; the address is the key).
  route("calendar/:file", "routes/resources/calendar-feed.ts"),
  route("files/:id/thumbnail", "routes/resources/file-thumbnail.ts"),
  route("attachments/:id", "routes/resources/attachment-download.ts"),
  route("attachments/:id/thumbnail", "routes/resources/attachment-thumbnail.ts"),
  // Uploaded images' variants, for everyone: /media/<id>-<width>.<avif|webp>, /media/<id>-icon-<size>.png.
  route("media/:file", "routes/resources/media.ts"),
  // The share image (og:image) made from the operator's brand; the demo brand's is /images/og.png.
  route("share-image.png", "routes/resources/share-image.ts"),

  // Machines: health checks, metrics and crawlers.
  route("healthz", "routes/resources/healthz.ts"),
  route("readyz", "routes/resources/readyz.ts"),
  route("metrics", "routes/resources/metrics.ts"),
  route("robots.txt", "routes/resources/robots.ts"),
  route("sitemap.xml", "routes/resources/sitemap.ts"),
  route("api/stripe/webhook", "routes/resources/stripe-webhook.ts"),
  route("api/inbound-mail", "routes/resources/inbound-mail.ts"),
  // The JSON API (decision 0104): bearer tokens only, one line per path of its OpenAPI document.
  route("api/v1/openapi.json", "routes/api/openapi.ts"),
  route("api/v1/leads", "routes/api/leads.ts"),
  route("api/v1/leads/:id", "routes/api/lead.ts"),
  route("api/v1/applications", "routes/api/applications.ts"),
  route("api/v1/applications/:id", "routes/api/application.ts"),
  route("api/v1/applications/:id/resume", "routes/api/application-resume.ts"),
  route("api/v1/companies", "routes/api/companies.ts"),
  route("api/v1/companies/:id", "routes/api/company.ts"),
  route("api/v1/members", "routes/api/members.ts"),
  route("api/v1/members/:id", "routes/api/member.ts"),
  route("api/v1/projects", "routes/api/projects.ts"),
  route("api/v1/projects/:id", "routes/api/project.ts"),
  route("api/v1/milestones", "routes/api/milestones.ts"),
  route("api/v1/milestones/:id", "routes/api/milestone.ts"),
  route("api/v1/support-requests", "routes/api/support-requests.ts"),
  route("api/v1/support-requests/:id", "routes/api/support-request.ts"),
  route("api/v1/support-requests/:id/replies", "routes/api/support-request-replies.ts"),
  route("*", "routes/marketing/not-found.tsx"),
] satisfies RouteConfig;

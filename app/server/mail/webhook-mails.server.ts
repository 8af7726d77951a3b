import { composeMail, type MailBrand, type MailContent } from "./templates.server";

/** To every admin: an endpoint stopped answering and was switched off (decision 0103). */
export function webhookDisabledMail(input: { url: string; reason: string; pageUrl: string }, brand: MailBrand): MailContent {
  return composeMail(
    {
      subject: `A webhook endpoint was disabled - ${brand.name}`,
      heading: "A webhook endpoint was disabled",
      blocks: [
        `Deliveries to ${input.url} kept failing, so it gets no more events until an admin enables it again.`,
        `The last failure: ${input.reason}`,
        "Deliveries still within their day of retries are tried again once it is enabled; the log shows every one, and any can be sent again.",
        { action: { label: "Open the endpoint", url: input.pageUrl } },
      ],
    },
    brand,
  );
}

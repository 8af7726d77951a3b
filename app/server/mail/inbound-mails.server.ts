import { composeMail, type MailBrand, type MailContent } from "./templates.server";

// Decision 0101: the one answer inbound mail ever gets: to a member whose mail was routed, the
// files that were not taken and why. It goes to their own account address (the file names are
// theirs); machine mail, held mail and strangers' mail are never answered.

export function refusedFilesMail(
  input: { files: ReadonlyArray<{ name: string; reason: string }>; where: string; url: string },
  brand: MailBrand,
): MailContent {
  return composeMail(
    {
      subject: `Some of your files were not attached - ${brand.name}`,
      heading: "Some files were not attached",
      blocks: [
        `Your e-mail reached ${input.where}, but ${input.files.length === 1 ? "one file was" : `${input.files.length} files were`} not attached:`,
        { fields: input.files.map((file) => [file.name, file.reason] as const) },
        { action: { label: "Open it in your dashboard", url: input.url } },
        { note: "You can add files from your dashboard, where the accepted types and sizes are listed." },
      ],
    },
    brand,
  );
}

import { composeMail, type MailBrand, type MailContent } from "./templates.server";

// One mail per upload session (not per file) to the other side of the project.

export function filesSharedMail(
  input: {
    uploader: string;
    fromAgency: boolean;
    project: string;
    names: string[];
    url: string;
  },
  brand: MailBrand,
): MailContent {
  const count = input.names.length;
  const what = count === 1 ? "a file" : `${count} files`;
  const who = input.fromAgency ? `${input.uploader} from ${brand.name}` : input.uploader;
  return composeMail(
    {
      subject: `${count === 1 ? "New file" : `${count} new files`} on ${input.project} - ${brand.name}`,
      heading: `${count === 1 ? "A new file" : "New files"} on ${input.project}`,
      blocks: [
        `${who} shared ${what} on the project ${input.project}.`,
        { fields: input.names.slice(0, 20).map((name, i) => [`File ${i + 1}`, name] as const) },
        ...(count > 20 ? [`And ${count - 20} more.`] : []),
        { action: { label: "Open the project's files", url: input.url } },
      ],
    },
    brand,
  );
}

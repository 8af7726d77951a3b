import { MAIL_CHOICES, notificationTypesFor, type MailAudience } from "~/lib/mail-preferences";
import { isTimeZone } from "~/lib/time-zones";
import { z } from "~/lib/zod";

// The e-mail preferences form, portal and console alike: one radio group per
// notification type the person hears of, the digest's hour and time zone.

const choiceField = z.enum(MAIL_CHOICES, { error: "Choose Immediately, Daily digest or Off." });

export function mailPreferencesSchema(audience: MailAudience) {
  const choices = Object.fromEntries(notificationTypesFor(audience).map((type) => [type, choiceField]));
  return z.object({
    intent: z.literal("save-preferences"),
    choices: z.object(choices),
    digestHour: z.coerce
      .number({ error: "Choose an hour from 0 to 23." })
      .int("Choose an hour from 0 to 23.")
      .min(0, "Choose an hour from 0 to 23.")
      .max(23, "Choose an hour from 0 to 23."),
    timeZone: z
      .string({ error: "Enter a time zone such as Europe/Berlin." })
      .trim()
      .min(1, "Enter a time zone such as Europe/Berlin.")
      .max(64, "Enter a time zone such as Europe/Berlin.")
      .refine(isTimeZone, "Unknown time zone: choose one from the list, such as Europe/Berlin or America/New_York."),
  });
}

export type MailPreferencesInput = z.infer<ReturnType<typeof mailPreferencesSchema>>;

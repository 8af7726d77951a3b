import type { TestSmtpServer } from "./smtp";

/** The token of the last client invitation mail to `to`, from the raw message the SMTP server got. */
export function invitationTokenIn(smtp: TestSmtpServer, to: string): string {
  const mail = [...smtp.messages].reverse().find((m) => m.to.includes(to));
  if (!mail) throw new Error(`no mail to ${to}`);
  // Quoted-printable: soft line breaks and "=3D" for "=".
  const body = mail.raw.replace(/=\r?\n/g, "").replace(/=3D/gi, "=");
  const match = /https?:\/\/[^\s"<>]+\/invitation\?token=([\w%-]+)/.exec(body);
  if (!match) throw new Error("no invitation link in the mail");
  return decodeURIComponent(match[1]!);
}

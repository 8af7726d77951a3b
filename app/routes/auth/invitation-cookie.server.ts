import { getEnv } from "~/server/env.server";

// Decision 0034: between "Continue with Google" on /invitation and the completion route after
// Google's callback, the invitation's token waits in this HttpOnly cookie (15 minutes).

const COOKIE = "agency.client_invitation";
const MAX_AGE_S = 15 * 60;

function attributes(maxAge: number): string {
  const secure = getEnv().APP_URL.startsWith("https://") ? "; Secure" : "";
  return `Path=/invitation; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`;
}

export function invitationCookie(token: string): string {
  return `${COOKIE}=${encodeURIComponent(token)}; ${attributes(MAX_AGE_S)}`;
}

export function clearInvitationCookie(): string {
  return `${COOKIE}=; ${attributes(0)}`;
}

export function invitationTokenFrom(request: Request): string {
  for (const part of request.headers.get("cookie")?.split(";") ?? []) {
    const pair = part.trim();
    if (pair.startsWith(`${COOKIE}=`)) return decodeURIComponent(pair.slice(COOKIE.length + 1));
  }
  return "";
}

import { useFetcher } from "react-router";
import { FormError } from "~/components/forms/form-error";
import { SettingRow } from "~/components/settings/setting-row";
import { TIME_ZONE_ACTION } from "~/lib/account-paths";
import type { FormResult } from "~/lib/form-result";
import { PLACE_TEXT as T } from "~/lib/place-text";

/**
 * "Your time zone" on the account pages (portal Settings, console My account). `zones` comes from
 * the loader, so the options are the same on the server and in the browser. A plain form
 * underneath: it works without JavaScript and comes back with a notice.
 */
export function TimeZoneSetting({
  timeZone,
  zones,
  agencyZone,
}: {
  timeZone: string | null;
  zones: readonly string[];
  agencyZone: string;
}) {
  const fetcher = useFetcher<FormResult>();
  const busy = fetcher.state !== "idle";
  return (
    <SettingRow title={T.own.heading} detail={`${T.own.detail} ${timeZone ? T.own.fromBrowser : ""}`.trim()}>
      <fetcher.Form method="post" action={TIME_ZONE_ACTION} className="flex flex-wrap items-center gap-2">
        <input type="hidden" name="intent" value="save-time-zone" />
        <label htmlFor="own-time-zone" className="sr-only">
          {T.own.heading}
        </label>
        {/* Typed with suggestions (see console/place.tsx for why not a select). */}
        <input
          id="own-time-zone"
          name="timeZone"
          type="text"
          list="own-time-zones"
          defaultValue={timeZone ?? ""}
          placeholder={T.own.unset(agencyZone)}
          autoComplete="off"
          required
          className="field-input w-auto"
        />
        <datalist id="own-time-zones">
          {zones.map((zone) => (
            <option key={zone} value={zone} />
          ))}
        </datalist>
        <button type="submit" className="btn-secondary" disabled={busy}>
          {T.own.save}
        </button>
        <FormError message={!busy && fetcher.data?.status === "error" ? fetcher.data.message : undefined} />
      </fetcher.Form>
    </SettingRow>
  );
}

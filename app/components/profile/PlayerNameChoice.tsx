import { Form } from "@remix-run/react";
import { PRIMARY_BUTTON } from "~/components/ui/buttons";
import { RadioGroup } from "~/components/ui/form";
import { useSubmittingIntent } from "~/components/ui/hooks";
import { maskPlayerName, NAME_CHOICE_FIELD } from "~/domain/player-names";

export const PLAYER_NAME_INTENT = "player-name";

/**
 * A linked member's choice: their player's real name on the public pages, or its mask, while the
 * site masks names (docs/decisions/0081). Radio buttons and a submit: it works without JavaScript.
 */
export function PlayerNameChoice({
  playerName,
  showPlayerName,
  maskingOn,
  error,
}: {
  playerName: string;
  showPlayerName: boolean;
  maskingOn: boolean;
  error: string | undefined;
}) {
  const busy = useSubmittingIntent(PLAYER_NAME_INTENT);
  const choices = [
    {
      value: "mask",
      label: `Keep it masked: ${maskPlayerName(playerName)}`,
      checked: !showPlayerName,
    },
    { value: "show", label: `Show my name: ${playerName}`, checked: showPlayerName },
  ];
  return (
    <section
      id="player-name"
      aria-labelledby="player-name-title"
      className="rounded-xl border border-accent bg-card p-6"
    >
      <h2 id="player-name-title" className="font-display text-xl font-bold uppercase">
        Your name in public
      </h2>
      <p className="mt-1 text-muted">
        {maskingOn
          ? "This site masks players' names on its leaderboards, races and shares."
          : "Names are shown in full for now; your choice applies whenever the site masks them."}{" "}
        Admins always see your real name.
      </p>
      {/* The key resets the choice to the saved one after a save's redirect. */}
      <Form method="post" className="mt-4 space-y-3" key={String(showPlayerName)}>
        <input type="hidden" name="intent" value={PLAYER_NAME_INTENT} />
        <RadioGroup
          legend="On the leaderboards and races"
          name={NAME_CHOICE_FIELD}
          choices={choices}
          labelClassName="break-all"
        />
        {error ? (
          <p role="alert" className="text-sm text-red-400">
            {error}
          </p>
        ) : null}
        <button type="submit" className={`${PRIMARY_BUTTON} px-4 py-2`} disabled={busy}>
          {busy ? "Saving..." : "Save"}
        </button>
      </Form>
    </section>
  );
}

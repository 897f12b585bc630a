import { GIVEAWAY_STATUS_LABELS } from "~/domain/giveaways";
import type { GiveawayView } from "~/domain/giveaways";
import { formatDateTime } from "~/domain/time";

/** A giveaway's figures, as the public list and the admin page show them. */
export function GiveawaySummary({ giveaway }: { giveaway: GiveawayView }) {
  return (
    <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
      <dt className="text-muted">Status</dt>
      <dd className="font-bold">{GIVEAWAY_STATUS_LABELS[giveaway.status]}</dd>
      <dt className="text-muted">Prize</dt>
      <dd>{giveaway.prize}</dd>
      <dt className="text-muted">Entries close</dt>
      <dd>{formatDateTime(giveaway.entriesCloseAt)}</dd>
      <dt className="text-muted">Winners</dt>
      <dd>{giveaway.winners}</dd>
      <dt className="text-muted">Entrants</dt>
      <dd>{giveaway.entrants}</dd>
    </dl>
  );
}

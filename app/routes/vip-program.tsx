import type { HeadersFunction, MetaFunction } from "@remix-run/node";
import { PAGE, PageHeader, SECTION_HEADING } from "~/components/content/PageHeader";
import { ChevronDownIcon } from "~/components/ui/icons";
import { ScrollingTable } from "~/components/ui/ScrollingTable";
import {
  VIP_BENEFITS,
  VIP_PROGRAM_INTRO,
  VIP_TIERS,
  VIP_TIER_NAMES,
  tierHasBenefit,
} from "~/content/vip-program";
import { formatCount } from "~/domain/money";
import { pageMeta } from "~/lib/meta";
import { SHELL_ONLY_USER_PAGE_HEADERS } from "~/http/page-cache.server";

export const meta: MetaFunction = () =>
  pageMeta(
    "VIP Program",
    "Goated's nine VIP tiers from Copper to Diamond, the XP every level needs, and the benefits each tier unlocks.",
  );

// Fixed text: only the frame is the user's, so signed-in users get the visitor's page with their
// own frame spliced in instead of a whole render (docs/decisions/0042).
export const headers: HeadersFunction = () => SHELL_ONLY_USER_PAGE_HEADERS;

export default function VipProgram() {
  return (
    <div className={PAGE}>
      <PageHeader title="VIP Program" intro={VIP_PROGRAM_INTRO} backToHome />

      <section aria-labelledby="tiers-heading">
        <h2 id="tiers-heading" className={SECTION_HEADING}>
          Tiers and levels
        </h2>
        <div className="mt-4 space-y-2">
          {VIP_TIERS.map((tier) => (
            <details key={tier.name} className="group rounded-xl border border-accent bg-card">
              <summary className="flex cursor-pointer list-none items-center justify-between px-5 py-4 font-display text-xl font-bold uppercase [&::-webkit-details-marker]:hidden">
                {tier.name}
                <ChevronDownIcon className="transition-transform group-open:rotate-180" />
              </summary>
              <table className="w-full text-sm">
                <caption className="sr-only">{tier.name} levels and the XP each needs</caption>
                <thead className="text-left text-xs uppercase tracking-wider text-muted">
                  <tr>
                    <th scope="col" className="px-5 py-2">
                      Level
                    </th>
                    <th scope="col" className="px-5 py-2 text-right">
                      XP required
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {tier.levels.map((level) => (
                    <tr key={level.name} className="border-t border-accent">
                      <td className="px-5 py-2">{level.name}</td>
                      <td className="px-5 py-2 text-right">{formatCount(level.xp)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </details>
          ))}
        </div>
      </section>

      <section aria-labelledby="benefits-heading" className="mt-12">
        <h2 id="benefits-heading" className={SECTION_HEADING}>
          Benefits by tier
        </h2>
        {/* Relative (ScrollingTable's region), so the cells' sr-only labels are positioned inside
            the scroll box instead of widening the page. */}
        <ScrollingTable
          labelledBy="benefits-heading"
          cueShownBelow="md"
          className="rounded-xl border border-accent"
        >
          <table className="w-full min-w-[48rem] bg-card text-sm">
            <caption className="sr-only">Which tier unlocks each benefit</caption>
            <thead className="text-xs uppercase tracking-wider text-muted">
              <tr>
                <th scope="col" className="px-4 py-3 text-left">
                  Benefit
                </th>
                {VIP_TIER_NAMES.map((tier) => (
                  <th key={tier} scope="col" className="px-2 py-3 text-center">
                    {tier}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {VIP_BENEFITS.map((benefit) => (
                <tr key={benefit.name} className="border-t border-accent">
                  <th scope="row" className="px-4 py-3 text-left font-bold">
                    {benefit.name}
                  </th>
                  {VIP_TIER_NAMES.map((tier) =>
                    tierHasBenefit(tier, benefit.from) ? (
                      <td key={tier} className="px-2 py-3 text-center text-success">
                        <span aria-hidden="true">✓</span>
                        <span className="sr-only">Included</span>
                      </td>
                    ) : (
                      <td key={tier} className="px-2 py-3 text-center text-muted">
                        <span aria-hidden="true">✕</span>
                        <span className="sr-only">Not included</span>
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollingTable>
      </section>
    </div>
  );
}

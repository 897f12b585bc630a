import { data } from "@remix-run/node";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { FormErrors, SelectField, TextField } from "~/components/ui/form";
import { CARD, PAGE, PageHeader, SECTION_HEADING } from "~/components/content/PageHeader";
import { SECONDARY_BUTTON } from "~/components/ui/buttons";
import { STRATEGIES, STRATEGIES_INTRO } from "~/content/strategies";
import { formatCount } from "~/domain/money";
import { STRATEGY_CATEGORIES, filterStrategies, parseStrategyFilter } from "~/domain/strategies";
import type { Strategy, StrategyFilter } from "~/domain/strategies";
import { pageMeta } from "~/lib/meta";
import { CallToAction } from "~/components/ui/CallToAction";

export const meta: MetaFunction = () =>
  pageMeta(
    "Tips & Strategies",
    "Bankroll management, game knowledge and lessons from the GoatedVIPs community, searchable by topic.",
  );

const CATEGORY_LABELS: Record<StrategyFilter, string> = {
  all: "All",
  fundamentals: "Fundamentals",
  advanced: "Advanced",
  experience: "Experience",
  education: "Education",
};
const SEARCH_LIMIT = 100;

export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const search = params.get("q") ?? "";
  const category = parseStrategyFilter(params.get("category"));
  const errors: string[] = [];
  if (category === null) {
    errors.push("Unknown category: choose All, Fundamentals, Advanced, Experience or Education.");
  }
  if (search.length > SEARCH_LIMIT) {
    errors.push(`Search for at most ${SEARCH_LIMIT} characters.`);
  }
  const query = {
    search: errors.length ? "" : search,
    category: category ?? ("all" as const),
  };
  const found = filterStrategies(STRATEGIES, query);
  return data(
    {
      search: search.slice(0, SEARCH_LIMIT),
      category: query.category,
      featured: found.filter((strategy) => strategy.isPinned),
      community: found.filter((strategy) => !strategy.isPinned),
      errors,
    },
    { status: errors.length ? 400 : 200 },
  );
}

function StrategyCard({ strategy }: { strategy: Strategy }) {
  return (
    <article className={CARD} data-testid="strategy">
      <div className="flex items-center justify-between gap-2 text-xs">
        <span className="rounded-full border border-accent px-2 py-1 font-bold uppercase">
          {CATEGORY_LABELS[strategy.category]}
        </span>
        <span className="text-muted">{formatCount(strategy.votes)} votes</span>
      </div>
      <h3 className="mt-3 font-display text-xl font-bold uppercase">{strategy.title}</h3>
      <p className="mt-2 text-sm text-muted">{strategy.description}</p>
      <p className="mt-3 text-xs">By {strategy.author}</p>
    </article>
  );
}

function StrategyList({ title, strategies }: { title: string; strategies: Strategy[] }) {
  const id = title.toLowerCase().replace(/\W+/g, "-");
  return (
    <section aria-labelledby={id} className="mt-10">
      <h2 id={id} className={SECTION_HEADING}>
        {title}
      </h2>
      {strategies.length === 0 ? (
        <p className="mt-3 text-muted">No strategies match your search.</p>
      ) : (
        <div className="mt-4 grid gap-4 md:grid-cols-2">
          {strategies.map((strategy) => (
            <StrategyCard key={strategy.id} strategy={strategy} />
          ))}
        </div>
      )}
    </section>
  );
}

export default function TipsAndStrategies() {
  const { search, category, featured, community, errors } = useLoaderData<typeof loader>();
  return (
    <div className={PAGE}>
      <PageHeader title="Tips & Strategies" intro={STRATEGIES_INTRO} backToHome />
      <Form
        method="get"
        role="search"
        aria-label="Strategies"
        className="flex flex-wrap items-end gap-3"
        key={`${search}|${category}`}
      >
        <TextField
          id="q"
          name="q"
          label="Search strategies"
          type="search"
          defaultValue={search}
          maxLength={SEARCH_LIMIT}
          placeholder="Bankroll, Limbo, race..."
          className="min-w-0 flex-1"
        />
        <SelectField
          name="category"
          label="Category"
          value={category}
          choices={STRATEGY_CATEGORIES}
          labels={CATEGORY_LABELS}
        />
        <button type="submit" className={`${SECONDARY_BUTTON} px-4 py-2`}>
          Search
        </button>
        <FormErrors errors={errors} />
      </Form>
      <StrategyList title="Featured Strategies" strategies={featured} />
      <StrategyList title="Community Strategies" strategies={community} />
      <aside className={`${CARD} mt-10 flex flex-wrap items-center justify-between gap-4`}>
        <p className="text-sm">Found something that works for you? Share it with the community.</p>
        <CallToAction to="/telegram" className="px-4 py-2">
          Share Your Strategy
        </CallToAction>
      </aside>
    </div>
  );
}

import { data } from "@remix-run/node";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { TextField } from "~/components/ui/form";
import { CARD, PAGE, PageHeader, SECTION_HEADING } from "~/components/content/PageHeader";
import { PRIMARY_BUTTON } from "~/components/ui/buttons";
import { FAIRNESS_INTRO, FAIRNESS_TERMS, PROVIDER_VERIFY_URL } from "~/content/provably-fair";
import { verifyRoll } from "~/domain/provably-fair.server";
import { pageMeta } from "~/lib/meta";
import { CallToAction } from "~/components/ui/CallToAction";

export const meta: MetaFunction = () =>
  pageMeta(
    "Provably Fair",
    "How Goated's provably fair system works: server seed, client seed and nonce, and a verifier that recomputes any roll.",
  );

const SEED_LIMIT = 256;
const verifierQuery = z.object({
  serverSeed: z
    .string()
    .min(1, { error: "Enter the revealed server seed." })
    .max(SEED_LIMIT, { error: `The server seed can be at most ${SEED_LIMIT} characters.` }),
  clientSeed: z
    .string()
    .min(1, { error: "Enter your client seed." })
    .max(SEED_LIMIT, { error: `The client seed can be at most ${SEED_LIMIT} characters.` }),
  nonce: z
    .string()
    .regex(/^\d{1,15}$/, { error: "The nonce is a whole number of 0 or more." })
    .transform(Number),
});

export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const values = {
    serverSeed: params.get("serverSeed") ?? "",
    clientSeed: params.get("clientSeed") ?? "",
    nonce: (params.get("nonce") ?? "").trim(),
  };
  if (!params.has("serverSeed")) return data({ values, result: null, errors: null });
  const parsed = verifierQuery.safeParse(values);
  if (!parsed.success) {
    return data(
      { values, result: null, errors: z.flattenError(parsed.error).fieldErrors },
      { status: 400 },
    );
  }
  return data({ values, result: verifyRoll(parsed.data), errors: null });
}

const FIELDS = [
  { name: "serverSeed", label: "Server seed (revealed)" },
  { name: "clientSeed", label: "Client seed" },
  { name: "nonce", label: "Nonce" },
] as const;

export default function ProvablyFair() {
  const { values, result, errors } = useLoaderData<typeof loader>();
  return (
    <div className={PAGE}>
      <PageHeader title="Provably Fair" intro={FAIRNESS_INTRO} backToHome />

      <section aria-labelledby="how-heading" className="mb-10">
        <h2 id="how-heading" className={SECTION_HEADING}>
          How it works
        </h2>
        <dl className="mt-4 grid gap-4 md:grid-cols-3">
          {FAIRNESS_TERMS.map((term) => (
            <div key={term.term} className={CARD}>
              <dt className="font-display text-xl font-bold uppercase text-primary">{term.term}</dt>
              <dd className="mt-2 text-sm">{term.text}</dd>
            </div>
          ))}
        </dl>
        <CallToAction to={PROVIDER_VERIFY_URL} secondary className="mt-6 px-4 py-3">
          Verify on Goated
        </CallToAction>
      </section>

      <section aria-labelledby="verifier-heading" className={CARD}>
        <h2 id="verifier-heading" className={SECTION_HEADING}>
          Verify a roll
        </h2>
        <Form method="get" preventScrollReset className="mt-4 grid gap-4 md:grid-cols-3" noValidate>
          {FIELDS.map((field) => (
            <TextField
              key={field.name}
              id={field.name}
              name={field.name}
              label={field.label}
              defaultValue={values[field.name]}
              inputMode={field.name === "nonce" ? "numeric" : undefined}
              autoComplete="off"
              spellCheck={false}
              errors={errors?.[field.name]}
              className="font-mono"
            />
          ))}
          <button type="submit" className={`${PRIMARY_BUTTON} px-4 py-3 md:col-span-3`}>
            Verify
          </button>
        </Form>
        {result ? (
          <dl className="mt-6 grid gap-3 text-sm" data-testid="verifier-result">
            <div>
              <dt className="text-muted">SHA-256 of the server seed</dt>
              <dd className="break-all font-mono" data-testid="server-seed-hash">
                {result.serverSeedHash}
              </dd>
            </div>
            <div>
              <dt className="text-muted">
                HMAC-SHA256 (key: server seed, message: client seed:nonce)
              </dt>
              <dd className="break-all font-mono" data-testid="hmac">
                {result.hmac}
              </dd>
            </div>
            <div>
              <dt className="text-muted">Roll (first four bytes as a number in [0, 1))</dt>
              <dd className="font-mono text-2xl text-primary" data-testid="roll">
                {result.float.toFixed(10)}
              </dd>
            </div>
          </dl>
        ) : null}
      </section>
    </div>
  );
}

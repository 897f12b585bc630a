import { z } from "zod";

export const DEFAULT_PROVIDER_BASE_URL = "https://api.goated.com";

const providerEnvSchema = z.object({
  GOATED_API_BASE_URL: z
    .url({ message: "GOATED_API_BASE_URL must be an absolute URL" })
    .default(DEFAULT_PROVIDER_BASE_URL),
  GOATED_AFFILIATE_UID: z.string().trim().min(1).optional(),
  GOATED_API_TOKEN: z.string().trim().min(1).optional(),
  SYNC_INTERVAL_SECONDS: z.coerce
    .number({ message: "SYNC_INTERVAL_SECONDS must be a whole number of seconds" })
    .int()
    .min(1)
    .max(86_400)
    .default(300),
});

export type ProviderConfig = z.infer<typeof providerEnvSchema>;

/** The provider settings from the environment; an empty variable counts as unset. */
export function readProviderConfig(env: NodeJS.ProcessEnv = process.env): ProviderConfig {
  const values = Object.fromEntries(
    Object.keys(providerEnvSchema.shape).map((key) => [key, env[key] || undefined]),
  );
  const parsed = providerEnvSchema.safeParse(values);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment:\n  ${problems.join("\n  ")}`);
  }
  return parsed.data;
}

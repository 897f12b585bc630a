import { readServerConfig } from "~/lib/config.server";
import { logger } from "~/lib/logger.server";
import { startRepeatingJob } from "~/lib/repeating-job.server";
import { communityApi } from "~/provider/community-channels.server";
import type { CommunityApi } from "~/provider/community-channels.server";
import { drainChannelOutbox } from "~/services/community-channels.server";

/** How often the channel outbox is drained: a queued post leaves within this long. */
export const CHANNEL_OUTBOX_INTERVAL_MS = 5_000;

/** The Discord and Telegram APIs at the configured base URLs. */
export function configuredCommunityApi(): CommunityApi {
  const config = readServerConfig();
  return communityApi({
    discordBaseUrl: config.DISCORD_API_BASE_URL.replace(/\/+$/, ""),
    telegramBaseUrl: config.TELEGRAM_API_BASE_URL.replace(/\/+$/, ""),
  });
}

/**
 * The community channel job (docs/decisions/0078): drains the channel outbox, a few posts per
 * channel a pass, as the providers' rate limits allow. Returns the function that stops it.
 */
export function startCommunityChannelJobs({
  api = configuredCommunityApi(),
  outboxIntervalMs = CHANNEL_OUTBOX_INTERVAL_MS,
}: { api?: CommunityApi; outboxIntervalMs?: number } = {}) {
  return startRepeatingJob("channel outbox", outboxIntervalMs, async () => {
    const result = await drainChannelOutbox(api);
    if (result.sent + result.retried + result.failed + result.rateLimited > 0) {
      logger.info({ channels: result }, "Channel outbox drained");
    }
  });
}

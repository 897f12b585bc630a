// Runs the fake provider as its own process for Playwright (playwright.config.ts starts it).
import { startFakeProvider } from "./server";

const port = Number(process.env.FAKE_PROVIDER_PORT ?? 0);
const provider = await startFakeProvider({ port });
console.log(`fake provider on ${provider.url}`);
const stop = () => void provider.close().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);

// A signed-in player for the bench sections and tools that load pages as one.

/**
 * The session cookie of a new player, registered through the JSON API as a browser's user would
 * be (at the first origin); checks that /leaderboard really renders for them at every origin (their
 * name in the header, private).
 */
export async function signedInCookie(origins: string[]): Promise<string> {
  const [origin] = origins;
  if (!origin) throw new Error("no origin to register at");
  const username = `benchplayer${Date.now() % 100_000}`;
  const password = "Bench-Goats-Graze-At-Dawn-77";
  const registered = await fetch(`${origin}/api/auth/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: origin },
    body: JSON.stringify({
      username,
      email: `${username}@example.com`,
      password,
      confirmPassword: password,
    }),
  });
  const cookie = (registered.headers.get("Set-Cookie") ?? "").split(";")[0] ?? "";
  if (registered.status !== 201 || !cookie) {
    throw new Error(`registration answered ${registered.status}: ${await registered.text()}`);
  }
  for (const each of origins) {
    const page = await fetch(`${each}/leaderboard?period=daily`, { headers: { cookie } });
    // Rendered or spliced for them (docs/decisions/0042), never the visitors' cached page.
    if (
      !(await page.text()).includes(username) ||
      page.headers.get("X-Page-Cache") === "hit" ||
      !page.headers.get("Cache-Control")?.includes("private")
    ) {
      throw new Error(`/leaderboard did not render for the signed-in player at ${each}`);
    }
  }
  return cookie;
}

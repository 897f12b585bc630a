import { describe, expect, it } from "vitest";
import {
  maskPlayerName,
  publicPlayerName,
  REAL_NAMES,
  withPublicNames,
} from "~/domain/player-names";

describe("maskPlayerName", () => {
  it.each([
    ["LuckyDuck", "Lu****ck"],
    ["abcdefgh", "ab****gh"],
    ["Lucky", "L****y"],
    ["Goated7", "G****7"],
    ["Bob", "B****"],
    ["Jack", "J****"],
    ["x", "x****"],
    ["", "****"],
    ["Ωmega_Σigma", "Ωm****ma"],
    ["😀😀😀😀😀😀😀😀", "😀😀****😀😀"],
  ])("masks %j as %j", (name, mask) => {
    expect(maskPlayerName(name)).toBe(mask);
  });

  it("never shows a name of up to 7 characters nearly whole: at most 2 of its characters", () => {
    for (const name of ["ab", "abc", "abcd", "abcde", "abcdef", "abcdefg"]) {
      const kept = maskPlayerName(name).replace("****", "");
      expect(kept.length).toBeLessThanOrEqual(2);
      expect(maskPlayerName(name)).not.toContain(name.slice(0, 3));
    }
  });

  it("is the same for the same name, whoever asks", () => {
    expect(maskPlayerName("SameName")).toBe(maskPlayerName("SameName"));
  });
});

describe("publicPlayerName", () => {
  const policy = { maskPlayerNames: true, shownUids: new Set(["u2"]) };

  it("masks a player who did not choose to show their name while masking is on", () => {
    expect(publicPlayerName(policy, "u1", "LuckyDuck")).toBe("Lu****ck");
    expect(publicPlayerName(policy, "u2", "ShownPlayer")).toBe("ShownPlayer");
    expect(publicPlayerName(REAL_NAMES, "u1", "LuckyDuck")).toBe("LuckyDuck");
  });

  it("maps rows, keeping their other fields", () => {
    const rows = [
      { uid: "u1", name: "LuckyDuck", wager: 5 },
      { uid: "u2", name: "ShownPlayer", wager: 3 },
    ];
    expect(withPublicNames(policy, rows)).toEqual([
      { uid: "u1", name: "Lu****ck", wager: 5 },
      { uid: "u2", name: "ShownPlayer", wager: 3 },
    ]);
    expect(withPublicNames(REAL_NAMES, rows)).toBe(rows);
  });
});

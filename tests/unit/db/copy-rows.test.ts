// COPY's binary rows (db/postgres.ts, docs/decisions/0107): the format's header and trailer, each
// value as its column's type, NULL for a null, and a value of another type refused before anything
// reaches the server.
import { describe, expect, it } from "vitest";
import { copyRows } from "~db";

const HEADER = Buffer.from("PGCOPY\n\xff\r\n\0", "latin1");

describe("copyRows", () => {
  it("writes the header, each row's column count and values, NULLs, and the trailer", () => {
    const data = copyRows(["é\tx", 1.5, 1, null, -0.1, 0], ["text", "float8", "int4"]);
    expect(data.subarray(0, 11)).toEqual(HEADER);
    // Flags and header extension: none.
    expect(data.readInt32BE(11)).toBe(0);
    expect(data.readInt32BE(15)).toBe(0);
    let at = 19;
    const field = () => {
      const length = data.readInt32BE(at);
      at += 4;
      if (length === -1) return null;
      const bytes = data.subarray(at, at + length);
      at += length;
      return bytes;
    };
    expect(data.readInt16BE(at)).toBe(3);
    at += 2;
    expect(field()?.toString("utf8")).toBe("é\tx");
    expect(field()?.readDoubleBE(0)).toBe(1.5);
    expect(field()?.readInt32BE(0)).toBe(1);
    expect(data.readInt16BE(at)).toBe(3);
    at += 2;
    expect(field()).toBeNull();
    expect(field()?.readDoubleBE(0)).toBe(-0.1);
    expect(field()?.readInt32BE(0)).toBe(0);
    expect(data.readInt16BE(at)).toBe(-1);
    expect(data.length).toBe(at + 2);
  });

  it("refuses a value that is not of its column's type", () => {
    expect(() => copyRows([1], ["text"])).toThrow(/column 1 is text, not number/);
    expect(() => copyRows(["1"], ["float8"])).toThrow(/column 1 is float8, not string/);
    expect(() => copyRows([2 ** 31], ["int4"])).toThrow(/column 1 is int4/);
    expect(() => copyRows([0.5], ["int4"])).toThrow(/column 1 is int4/);
  });
});

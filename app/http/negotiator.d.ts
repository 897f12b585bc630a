// negotiator 0.6 (what `compression` and express negotiate with) ships no types; the part used.
declare module "negotiator" {
  export default class Negotiator {
    constructor(request: { headers: Record<string, string | string[] | undefined> });
    encoding(available?: string[], preferred?: string[]): string | undefined;
  }
}

/**
 * A GET form's choice from the query: the fallback when absent or empty, the matching choice in
 * any letter case, else null (the page answers 400 and says what it accepts).
 */
export function parseChoice<T extends string>(
  choices: readonly T[],
  value: string | null,
  fallback: T,
): T | null {
  if (value === null || value === "") return fallback;
  const lower = value.toLowerCase();
  return choices.find((choice) => choice === lower) ?? null;
}

import type { InputHTMLAttributes } from "react";

const LABEL = "block text-sm font-semibold";
const FIELD =
  "mt-1 w-full rounded-md border border-accent bg-page px-3 py-2 text-white placeholder:text-muted focus:border-primary";

/** A labelled text input of a GET form, with its error (if any) tied to it for screen readers. */
export function TextField({
  name,
  label,
  error,
  className = "",
  ...input
}: {
  name: string;
  label: string;
  error?: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "id">) {
  const errorId = `${name}-error`;
  return (
    <div className={className}>
      <label htmlFor={name} className={LABEL}>
        {label}
      </label>
      <input
        {...input}
        id={name}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={FIELD}
      />
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled select of a GET form; keyed by its value so it shows the URL's choice after navigation. */
export function SelectField<T extends string>({
  name,
  label,
  value,
  choices,
  labels,
}: {
  name: string;
  label: string;
  value: T;
  choices: readonly T[];
  labels: Record<T, string>;
}) {
  return (
    <div>
      <label htmlFor={name} className={LABEL}>
        {label}
      </label>
      <select
        key={value}
        id={name}
        name={name}
        defaultValue={value}
        className="mt-1 rounded-md border border-accent bg-page px-3 py-2"
      >
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {labels[choice]}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Form-level errors (an unknown filter value, a search too long). */
export function FormErrors({ errors }: { errors: readonly string[] }) {
  return errors.map((error) => (
    <p key={error} role="alert" className="w-full text-sm text-destructive">
      {error}
    </p>
  ));
}

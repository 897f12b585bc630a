import { getInputProps } from "@conform-to/react";
import type { FieldMetadata } from "@conform-to/react";
import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from "react";
import { PRIMARY_BUTTON } from "./buttons";

/** The look of every text input and textarea. */
export const INPUT =
  "block w-full rounded-md border border-accent bg-page px-3 py-2 text-base text-white placeholder:text-muted focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/40 aria-[invalid=true]:border-destructive";

/** When the profile's forms check their fields in the browser: on leaving one, then as it changes. */
export const CHECK_ON_BLUR = { shouldValidate: "onBlur", shouldRevalidate: "onInput" } as const;

/** A field's messages, tied to its input by id for screen readers. */
export function FieldErrors({ id, errors }: { id: string; errors?: string[] | undefined }) {
  if (!errors?.length) return null;
  return (
    <ul id={id} className="mt-1 space-y-0.5 text-sm text-red-400">
      {errors.map((error) => (
        <li key={error}>{error}</li>
      ))}
    </ul>
  );
}

interface FieldProps {
  label: string;
  errors?: string[] | undefined;
  hint?: ReactNode;
}

/** What a text input and a textarea share: the label, the hint and the errors tied by id. */
function Field({
  id,
  label,
  errors,
  hint,
  control,
}: FieldProps & { id: string; control: (a11y: FieldA11y) => ReactNode }) {
  const errorId = `${id}-errors`;
  const invalid = Boolean(errors?.length);
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold">
        {label}
      </label>
      {control({
        className: INPUT,
        "aria-invalid": invalid ? true : undefined,
        "aria-describedby": invalid ? errorId : undefined,
      })}
      {hint ? <p className="mt-1 text-xs text-muted">{hint}</p> : null}
      <FieldErrors id={errorId} errors={errors} />
    </div>
  );
}

interface FieldA11y {
  className: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

/** A labelled input with its errors. `id` and `name` come from conform's getInputProps. */
export function TextField({
  label,
  errors,
  hint,
  ...input
}: FieldProps & InputHTMLAttributes<HTMLInputElement> & { id: string }) {
  return (
    <Field
      id={input.id}
      label={label}
      errors={errors}
      hint={hint}
      control={(a11y) => <input {...input} {...a11y} />}
    />
  );
}

/** A TextField for a conform field: its id, name, constraints and errors come from `field`. */
export function InputField<Schema>({
  field,
  type,
  ...rest
}: Omit<FieldProps, "errors"> &
  Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "id" | "name"> & {
    field: FieldMetadata<Schema>;
    type: "text" | "email" | "password";
  }) {
  return <TextField {...rest} errors={field.errors} {...getInputProps(field, { type })} />;
}

export function TextAreaField({
  label,
  errors,
  hint,
  ...textarea
}: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement> & { id: string }) {
  return (
    <Field
      id={textarea.id}
      label={label}
      errors={errors}
      hint={hint}
      control={(a11y) => <textarea {...textarea} {...a11y} />}
    />
  );
}

/** A form-level failure, shown in the page (the toast says the same when JavaScript runs). */
export function FormAlert({ title, messages }: { title: string; messages?: string[] | undefined }) {
  if (!messages?.length) return null;
  return (
    <div role="alert" className="rounded-md border border-destructive/60 bg-destructive/10 p-3">
      <p className="font-semibold text-red-300">{title}</p>
      {messages.map((message) => (
        <p key={message} className="text-sm text-red-200">
          {message}
        </p>
      ))}
    </div>
  );
}

/**
 * A form's primary submit button: disabled, and saying so, while the form is being sent. `name`
 * and `value` post an intent when the form has several buttons.
 */
export function SubmitButton({
  busy,
  busyLabel,
  children,
  className = "px-5 py-2.5",
  name,
  value,
}: {
  busy: boolean;
  busyLabel: string;
  children: ReactNode;
  className?: string;
  name?: string;
  value?: string;
}) {
  return (
    <button
      type="submit"
      name={name}
      value={value}
      disabled={busy}
      className={`${PRIMARY_BUTTON} ${className} disabled:opacity-60`}
    >
      {busy ? busyLabel : children}
    </button>
  );
}

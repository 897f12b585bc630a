import { getInputProps, getSelectProps, parse } from "@conform-to/react";
import type { FieldMetadata, Submission } from "@conform-to/react";
import { useEffect, useState } from "react";
import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from "react";
import { PRIMARY_BUTTON } from "./buttons";

/** The look of every text input and textarea. */
export const INPUT =
  "block w-full rounded-md border border-accent bg-page px-3 py-2 text-base text-white placeholder:text-muted focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/40 aria-[invalid=true]:border-destructive";

/** When the profile's forms check their fields in the browser: on leaving one, then as it changes. */
export const CHECK_ON_BLUR = { shouldValidate: "onBlur", shouldRevalidate: "onInput" } as const;

type Validate<Input, Output> = (formData: FormData) => Submission<Input, string[], Output>;

/**
 * A form's browser validation (conform's `onValidate`), loaded when the form is shown instead of
 * with the page: its zod schemas are about 90 KB gzip, evaluated in one long task
 * (docs/decisions/0086). Until they arrive the browser checks nothing and a submit goes to the
 * server, which answers with the same messages.
 */
export function useValidationWhenShown<Input, Output>(
  load: () => Promise<Validate<Input, Output>>,
): (context: { formData: FormData }) => Submission<Input, string[], Output> {
  const [validate, setValidate] = useState<Validate<Input, Output>>();
  useEffect(() => {
    let shown = true;
    void load().then((loaded) => {
      if (shown) setValidate(() => loaded);
    });
    return () => {
      shown = false;
    };
    // Loaded once per form: `load` is a new arrow at every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // Unchecked: a submit is a success (the browser sends it), a blur's check reports nothing.
  return ({ formData }) =>
    validate ? validate(formData) : parse<Output, string[]>(formData, { resolve: () => ({}) });
}

/** A field's messages, tied to its input by id for screen readers. */
export function FieldErrors({
  id,
  errors,
}: {
  id: string;
  errors?: readonly string[] | undefined;
}) {
  if (!errors?.length) return null;
  return (
    <ul id={id} className="mt-1 space-y-0.5 text-sm text-red-400">
      {errors.map((error) => (
        <li key={error}>{error}</li>
      ))}
    </ul>
  );
}

const LABEL = "mb-1 block text-sm font-bold";

interface FieldProps {
  label: string;
  errors?: readonly string[] | undefined;
  hint?: ReactNode;
  /** The field's place in the form's layout (the input keeps the look of every input). */
  className?: string | undefined;
}

/** What a text input and a textarea share: the label, the hint and the errors tied by id. */
function Field({
  id,
  label,
  errors,
  hint,
  className,
  control,
}: FieldProps & { id: string; control: (a11y: FieldA11y) => ReactNode }) {
  const errorId = `${id}-errors`;
  const invalid = Boolean(errors?.length);
  return (
    <div className={className}>
      <label htmlFor={id} className={LABEL}>
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

/**
 * A labelled input with its errors: every form's text input, a GET form's (`id` its name) or a
 * conform form's (InputField below).
 */
export function TextField({
  label,
  errors,
  hint,
  className,
  ...input
}: FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, "className"> & { id: string }) {
  return (
    <Field
      id={input.id}
      label={label}
      errors={errors}
      hint={hint}
      className={className}
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
    type: "text" | "email" | "password" | "number" | "datetime-local";
  }) {
  return <TextField {...rest} errors={field.errors} {...getInputProps(field, { type })} />;
}

/** A labelled select for a conform field: its id, name, value and errors come from `field`. */
export function ChoiceField({
  field,
  label,
  options,
}: {
  field: FieldMetadata<string>;
  label: string;
  options: ReadonlyArray<readonly [value: string, label: string]>;
}) {
  return (
    <Field
      id={field.id}
      label={label}
      errors={field.errors}
      control={(a11y) => (
        <select {...getSelectProps(field)} {...a11y}>
          {options.map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </select>
      )}
    />
  );
}

/** Native radio buttons under a legend, one of them checked: a choice a plain form posts. */
export function RadioGroup({
  legend,
  name,
  choices,
  labelClassName = "",
}: {
  legend: string;
  name: string;
  choices: ReadonlyArray<{ value: string; label: string; checked: boolean }>;
  labelClassName?: string;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-bold">{legend}</legend>
      {choices.map((choice) => (
        <label key={choice.value} className={`mt-2 flex items-center gap-2 ${labelClassName}`}>
          <input
            type="radio"
            name={name}
            value={choice.value}
            defaultChecked={choice.checked}
            className="h-4 w-4 accent-primary"
          />
          {choice.label}
        </label>
      ))}
    </fieldset>
  );
}

export function TextAreaField({
  label,
  errors,
  hint,
  className,
  ...textarea
}: FieldProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "className"> & { id: string }) {
  return (
    <Field
      id={textarea.id}
      label={label}
      errors={errors}
      hint={hint}
      className={className}
      control={(a11y) => <textarea {...textarea} {...a11y} />}
    />
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
        className="rounded-md border border-accent bg-page px-3 py-2"
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

/** A GET form's errors that belong to no one field (an unknown filter value, a search too long). */
export function FormErrors({ errors }: { errors: readonly string[] }) {
  return errors.map((error) => (
    <p key={error} role="alert" className="w-full text-sm text-destructive">
      {error}
    </p>
  ));
}

/** A form-level failure, shown in the page (the toast says the same when JavaScript runs). */
export function FormAlert({ title, messages }: { title: string; messages?: string[] | undefined }) {
  if (!messages?.length) return null;
  return (
    <div role="alert" className="rounded-md border border-destructive/60 bg-destructive/10 p-3">
      <p className="font-bold text-red-300">{title}</p>
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

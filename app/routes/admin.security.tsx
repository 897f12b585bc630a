import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AdminPageHeader, AdminPanelLink } from "~/components/admin/AdminPageHeader";
import { SECONDARY_BUTTON } from "~/components/ui/buttons";
import { FormAlert, SubmitButton, TextField } from "~/components/ui/form";
import { formatDateTime } from "~/domain/time";
import {
  groupSecret,
  RECOVERY_CODE_COUNT,
  RECOVERY_CODES_REGENERATED,
  TWO_STEP_DISABLED,
  TWO_STEP_ENABLED,
  twoStepCodeSchema,
  twoStepProofSchema,
  WRONG_PROOF,
} from "~/domain/two-step";
import { replyTo } from "~/lib/intent";
import type { IntentReply } from "~/lib/intent";
import { intentReply, readIntent, unknownIntent } from "~/http/intent.server";
import { readForm } from "~/http/form-body.server";
import { HashQueueFull } from "~/server/password-hash-threads.server";
import { qrCodeDataUrl } from "~/server/qr-code.server";
import { createToastHeaders, redirectWithToast } from "~/http/toast.server";
import { throttledMessage } from "~/services/auth/login-throttle.server";
import { requireAdmin } from "~/services/auth/auth.server";
import {
  cancelEnrolment,
  checkProof,
  confirmEnrolment,
  disableTwoStep,
  regenerateRecoveryCodes,
  startEnrolment,
  twoStepState,
} from "~/services/auth/two-step.server";

export const meta: MetaFunction = () => [
  { title: "Security | Admin | GoatedVIPs" },
  { name: "description", content: "Two-step sign-in for your admin account." },
];

const PAGE = "/admin/security";

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const state = await twoStepState(admin);
  if (state.status !== "pending") return { state, enrolment: null };
  // The secret is the admin's own, shown to be put into an app (docs/decisions/0020).
  const enrolment = { qrCode: await qrCodeDataUrl(state.uri), secret: groupSecret(state.secret) };
  return { state: { status: state.status }, enrolment };
}

/** What the page's forms are answered with: a refusal, or new recovery codes shown once. */
interface SecurityReply extends IntentReply {
  recoveryCodes?: string[];
}

/** New recovery codes go straight into the answer, never into a redirect: they are shown once. */
async function showCodes(intent: string, recoveryCodes: string[], title: string) {
  const answer: SecurityReply = { intent, recoveryCodes };
  return data(answer, { headers: await createToastHeaders({ title, type: "success" }) });
}

/** The password or a code again, before turning two-step sign-in off or replacing the codes. */
async function proven(
  form: FormData,
  intent: string,
  admin: { userId: number },
  ip: string,
): Promise<ReturnType<typeof intentReply> | null> {
  const submission = parseWithZod(form, { schema: twoStepProofSchema });
  if (submission.status !== "success") {
    return intentReply({ intent, result: submission.reply({ hideFields: ["proof"] }) }, 400);
  }
  const checked = await checkProof(admin.userId, submission.value.proof, ip).catch(
    (error: unknown) => {
      if (!(error instanceof HashQueueFull)) throw error;
      return error;
    },
  );
  if (checked instanceof HashQueueFull) {
    const result = submission.reply({
      fieldErrors: { proof: [checked.message] },
      hideFields: ["proof"],
    });
    return intentReply({ intent, result }, 503, checked.retryAfterSeconds);
  }
  if (checked.ok) return null;
  const { retryAfterSeconds } = checked;
  const message = retryAfterSeconds ? throttledMessage(retryAfterSeconds) : WRONG_PROOF;
  const result = submission.reply({ fieldErrors: { proof: [message] }, hideFields: ["proof"] });
  return intentReply({ intent, result }, retryAfterSeconds ? 429 : 400);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const form = await readForm(request);
  const intent = readIntent(form);
  switch (intent) {
    case "start":
      if (!(await startEnrolment(admin.userId))) {
        return intentReply({ intent, message: TWO_STEP_ENABLED }, 409);
      }
      return redirectWithToast(PAGE, { title: "Scan the code with your app", type: "success" });
    case "cancel":
      await cancelEnrolment(admin.userId);
      return redirectWithToast(PAGE, { title: TWO_STEP_DISABLED, type: "success" });
    case "confirm": {
      const submission = parseWithZod(form, { schema: twoStepCodeSchema });
      if (submission.status !== "success") {
        return intentReply({ intent, result: submission.reply() }, 400);
      }
      const confirmed = await confirmEnrolment(admin, submission.value.code);
      if (!confirmed.ok) {
        const result = submission.reply({ fieldErrors: { code: [confirmed.message] } });
        return intentReply({ intent, result }, 400);
      }
      return showCodes(intent, confirmed.recoveryCodes, TWO_STEP_ENABLED);
    }
    case "regenerate": {
      const refused = await proven(form, intent, admin, context.clientIp);
      if (refused) return refused;
      const recoveryCodes = await regenerateRecoveryCodes(admin);
      if (!recoveryCodes) return intentReply({ intent, message: TWO_STEP_DISABLED }, 409);
      return showCodes(intent, recoveryCodes, RECOVERY_CODES_REGENERATED);
    }
    case "disable": {
      const refused = await proven(form, intent, admin, context.clientIp);
      if (refused) return refused;
      await disableTwoStep(admin);
      return redirectWithToast(PAGE, { title: TWO_STEP_DISABLED, type: "success" });
    }
    default:
      return unknownIntent();
  }
}

/** `/admin/security`: the admin's two-step sign-in (docs/product.md §A10). */
export default function AdminSecurity() {
  const { state, enrolment } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as SecurityReply | undefined;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <AdminPageHeader title="Security">
        <AdminPanelLink />
      </AdminPageHeader>

      <section aria-labelledby="two-step-heading" className="mt-8 space-y-6">
        <h2 id="two-step-heading" className="font-display text-2xl font-bold uppercase">
          Two-step sign-in
        </h2>
        {answer?.message ? (
          <p role="alert" className="rounded-md border border-destructive/60 p-3 text-red-300">
            {answer.message}
          </p>
        ) : null}
        {answer?.recoveryCodes ? <RecoveryCodes codes={answer.recoveryCodes} /> : null}
        {state.status === "off" ? <TurnOn /> : null}
        {state.status === "pending" && enrolment ? (
          <Enrolment qrCode={enrolment.qrCode} secret={enrolment.secret} answer={answer} />
        ) : null}
        {state.status === "on" && "enabledAt" in state ? (
          <TurnedOn
            enabledAt={state.enabledAt}
            recoveryCodesLeft={state.recoveryCodesLeft}
            answer={answer}
          />
        ) : null}
      </section>
    </div>
  );
}

function IntentButton({ intent, children }: { intent: string; children: string }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <SubmitButton busy={busy} busyLabel="Working...">
        {children}
      </SubmitButton>
    </Form>
  );
}

function TurnOn() {
  return (
    <>
      <p className="text-muted">
        Two-step sign-in is off. Turn it on and every sign-in to this account asks, after the
        password, for a 6-digit code from an authenticator app on your phone.
      </p>
      <IntentButton intent="start">Turn on two-step sign-in</IntentButton>
    </>
  );
}

function Enrolment({
  qrCode,
  secret,
  answer,
}: {
  qrCode: string;
  secret: string;
  answer: SecurityReply | undefined;
}) {
  return (
    <>
      <ol className="list-decimal space-y-4 pl-5">
        <li>
          Scan this QR code with your authenticator app:
          <img
            src={qrCode}
            alt="QR code holding this account's two-step sign-in key"
            width={200}
            height={200}
            className="mt-3 rounded-md bg-white"
          />
        </li>
        <li>
          Or type this key into the app:{" "}
          <code id="two-step-secret" className="break-all font-mono text-primary">
            {secret}
          </code>
        </li>
        <li>Enter the code the app shows, to confirm.</li>
      </ol>
      <CodeForm
        intent="confirm"
        label="Code from your app"
        button="Confirm"
        result={replyTo(answer, "confirm")}
      />
      <Form method="post">
        <input type="hidden" name="intent" value="cancel" />
        <button type="submit" className={`${SECONDARY_BUTTON} px-4 py-2`}>
          Cancel
        </button>
      </Form>
    </>
  );
}

function TurnedOn({
  enabledAt,
  recoveryCodesLeft,
  answer,
}: {
  enabledAt: string;
  recoveryCodesLeft: number;
  answer: SecurityReply | undefined;
}) {
  return (
    <>
      <p>
        Two-step sign-in is on since {formatDateTime(enabledAt)}.{" "}
        <span className="text-muted">
          {recoveryCodesLeft} of {RECOVERY_CODE_COUNT} recovery codes left.
        </span>
      </p>
      <CodeForm
        intent="regenerate"
        label="Password or a code from your app"
        button="New recovery codes"
        result={replyTo(answer, "regenerate")}
        hint="The old recovery codes stop working."
        secret
      />
      <CodeForm
        intent="disable"
        label="Password or a code from your app"
        button="Turn off two-step sign-in"
        result={replyTo(answer, "disable")}
        secret
      />
    </>
  );
}

/** One of the page's one-field forms: a code to confirm, or the proof before a change. */
function CodeForm({
  intent,
  label,
  button,
  result,
  hint,
  secret = false,
}: {
  intent: string;
  label: string;
  button: string;
  result: SubmissionResult<string[]> | undefined;
  hint?: string;
  /** The proof field (password or code), as a password input; else the code field. */
  secret?: boolean;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const [form, fields] = useForm<{ code: string; proof: string }>({
    id: `two-step-${intent}`,
    lastResult: result,
  });
  const field = secret ? fields.proof : fields.code;
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      noValidate
      className="space-y-3 rounded-xl border border-accent bg-card p-5"
    >
      <input type="hidden" name="intent" value={intent} />
      <FormAlert title="Error" messages={form.errors} />
      <TextField
        label={label}
        hint={hint}
        autoComplete={secret ? "current-password" : "one-time-code"}
        errors={field.errors}
        {...getInputProps(field, { type: secret ? "password" : "text" })}
      />
      <SubmitButton busy={busy} busyLabel="Working...">
        {button}
      </SubmitButton>
    </Form>
  );
}

function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <div role="status" className="rounded-xl border border-primary bg-card p-5">
      <h3 className="font-display text-xl font-bold uppercase text-primary">Recovery codes</h3>
      <p className="mt-2 text-sm">
        Save these codes somewhere safe now: they are not shown again. Each one signs you in once in
        place of a code from your app.
      </p>
      <ul aria-label="Recovery codes" className="mt-4 grid gap-2 font-mono sm:grid-cols-2">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
    </div>
  );
}

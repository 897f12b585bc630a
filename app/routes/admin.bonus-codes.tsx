import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useFetcher, useLoaderData, useLocation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { AdminBonusCodeCard, bonusCodeDeleteQuestion } from "~/components/admin/AdminBonusCodeCard";
import { AdminPageHeader } from "~/components/admin/AdminPageHeader";
import {
  BONUS_CODES_PAGE,
  BonusCodeForm,
  DELETE_CODE_INTENT,
  SAVE_CODE_INTENT,
} from "~/components/admin/BonusCodeForm";
import { DeleteConfirmation } from "~/components/admin/ConfirmDelete";
import { PRIMARY_BUTTON } from "~/components/ui/buttons";
import { useHydrated } from "~/components/ui/hooks";
import { bonusCodeSchema } from "~/domain/bonus-code-form";
import { BONUS_CODE_TOASTS } from "~/domain/bonus-codes";
import type { BonusCodeView } from "~/domain/bonus-codes";
import { showToast } from "~/lib/client-toast";
import { readForm } from "~/http/form-body.server";
import type { IntentReply } from "~/lib/intent";
import { postedId, replyTo } from "~/lib/intent";
import { intentReply, readIntent, unknownIntent } from "~/http/intent.server";
import { parsePositiveId } from "~/lib/params";
import { redirectWithToast } from "~/http/toast.server";
import { requireAdmin } from "~/services/auth/auth.server";
import {
  createBonusCode,
  deleteBonusCode,
  listBonusCodes,
  updateBonusCode,
} from "~/services/promotions/bonus-codes.server";

export const meta: MetaFunction = () => [
  { title: "Bonus Code Management | Admin | GoatedVIPs" },
  { name: "description", content: "Add, edit and delete the bonus codes members see." },
];

/** A refused form's fields need fixing: the reason the failure names. */
const CHECK_THE_FIELDS = "Check the fields marked below.";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const codes = await listBonusCodes();
  const byId = (key: string) =>
    codes.find((code) => code.id === parsePositiveId(params.get(key))) ?? null;
  return {
    codes,
    creating: params.get("form") === "new",
    editing: byId("edit"),
    deleting: byId("delete"),
  };
}

/** Back to the list with a toast (post/redirect/get, docs/product.md §A8). */
const backToList = (title: string, description: string | undefined, failed = false) =>
  redirectWithToast(BONUS_CODES_PAGE, {
    title,
    description,
    type: failed ? "destructive" : "success",
  });

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const formData = await readForm(request);
  const intent = readIntent(formData);
  const id = parsePositiveId(formData.get("id"));

  switch (intent) {
    case SAVE_CODE_INTENT: {
      const submission = parseWithZod(formData, { schema: bonusCodeSchema });
      if (submission.status !== "success") {
        return intentReply({ intent, result: submission.reply(), message: CHECK_THE_FIELDS }, 400);
      }
      const change = id
        ? await updateBonusCode(admin, id, submission.value)
        : await createBonusCode(admin, submission.value);
      if (change.ok) {
        return backToList(
          id ? BONUS_CODE_TOASTS.updated : BONUS_CODE_TOASTS.created,
          change.code.code,
        );
      }
      if (change.status === 404) {
        return backToList(
          BONUS_CODE_TOASTS.saveFailed,
          `${change.message}: it may have been deleted.`,
          true,
        );
      }
      const result = submission.reply({ fieldErrors: { [change.field]: [change.message] } });
      return intentReply({ intent, result, message: change.message }, change.status);
    }
    case DELETE_CODE_INTENT: {
      if (!id) return unknownIntent();
      const change = await deleteBonusCode(admin, id);
      return change.ok
        ? backToList(BONUS_CODE_TOASTS.deleted, change.code.code)
        : backToList(
            BONUS_CODE_TOASTS.deleteFailed,
            `${change.message}: it may have been deleted already.`,
            true,
          );
    }
    default:
      return unknownIntent();
  }
}

/** A refused save as a toast too, once JavaScript runs (the page shows it either way). */
function useSaveFailureToast(reply: IntentReply | undefined) {
  const message = reply?.intent === SAVE_CODE_INTENT ? reply.message : undefined;
  useEffect(() => {
    if (message) {
      showToast({ title: BONUS_CODE_TOASTS.saveFailed, description: message, type: "destructive" });
    }
  }, [reply, message]);
}

/**
 * With JavaScript, 'Add New Code' and Edit open the form in a native <dialog> (docs/product.md
 * §A2); it posts through a fetcher, so a refusal keeps it open with the messages, and a save's
 * redirect (a new location) closes it.
 */
function CodeDialog({ code, onClose }: { code: BonusCodeView | null; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const fetcher = useFetcher<typeof action>();
  const reply = fetcher.data;
  useSaveFailureToast(reply);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);
  const title = code ? `Edit ${code.code}` : "Add New Code";
  return (
    <dialog
      ref={dialog}
      aria-labelledby="bonus-code-dialog-title"
      onClose={onClose}
      className="w-full max-w-lg rounded-xl border border-accent bg-card p-6 text-white backdrop:bg-black/70"
    >
      <h2 id="bonus-code-dialog-title" className="mb-4 font-display text-xl font-bold uppercase">
        {title}
      </h2>
      <BonusCodeForm
        code={code}
        lastResult={replyTo(reply, SAVE_CODE_INTENT)}
        failure={reply?.intent === SAVE_CODE_INTENT ? reply.message : undefined}
        fetcher={fetcher}
        onCancel={() => dialog.current?.close()}
      />
    </dialog>
  );
}

type DialogTarget = { code: BonusCodeView | null } | null;

export default function AdminBonusCodes() {
  const { codes, creating, editing, deleting } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const hydrated = useHydrated();
  const location = useLocation();
  const [dialogFor, setDialogFor] = useState<DialogTarget>(null);
  useSaveFailureToast(actionData);

  // A save's redirect (or any navigation) closes the dialog.
  useEffect(() => setDialogFor(null), [location.key]);

  // Without JavaScript (or from a ?form=new / ?edit=id URL) the form is a section of the page; a
  // refused submission shows it again with the server's messages, for the code whose id it posted.
  const failedSave = replyTo(actionData, SAVE_CODE_INTENT);
  const failedId = failedSave ? parsePositiveId(postedId(failedSave.initialValue)) : undefined;
  const sectionCode =
    failedId !== undefined ? (codes.find((code) => code.id === failedId) ?? null) : editing;
  const showSection =
    dialogFor === null && (creating || editing !== null || failedSave !== undefined);

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <AdminPageHeader title="Bonus Code Management">
        {hydrated ? (
          <button
            type="button"
            onClick={() => setDialogFor({ code: null })}
            className={`${PRIMARY_BUTTON} px-5 py-2`}
          >
            Add New Code
          </button>
        ) : (
          <Link to="?form=new#bonus-code-form" className={`${PRIMARY_BUTTON} px-5 py-2`}>
            Add New Code
          </Link>
        )}
      </AdminPageHeader>

      {deleting ? (
        <DeleteConfirmation
          question={bonusCodeDeleteQuestion(deleting)}
          sectionId="delete-bonus-code"
        />
      ) : null}

      {showSection ? (
        <section
          id="bonus-code-form"
          aria-labelledby="bonus-code-form-heading"
          className="mt-8 rounded-xl border border-accent bg-card p-5"
        >
          <h2
            id="bonus-code-form-heading"
            className="mb-4 font-display text-2xl font-bold uppercase"
          >
            {sectionCode ? `Edit ${sectionCode.code}` : "Add New Code"}
          </h2>
          <BonusCodeForm
            key={sectionCode?.id ?? "new"}
            code={sectionCode}
            lastResult={failedSave}
            failure={actionData?.intent === SAVE_CODE_INTENT ? actionData.message : undefined}
          />
        </section>
      ) : null}

      {dialogFor ? (
        <CodeDialog
          key={dialogFor.code?.id ?? "new"}
          code={dialogFor.code}
          onClose={() => setDialogFor(null)}
        />
      ) : null}

      <section aria-labelledby="bonus-code-list" className="mt-10">
        <h2 id="bonus-code-list" className="font-display text-2xl font-bold uppercase">
          Codes
        </h2>
        {codes.length === 0 ? (
          <p className="mt-4 text-muted">No bonus codes yet.</p>
        ) : (
          <ul className="mt-4 grid gap-4 md:grid-cols-2">
            {codes.map((code) => (
              <AdminBonusCodeCard
                key={code.id}
                code={code}
                onEdit={hydrated ? () => setDialogFor({ code }) : undefined}
              />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

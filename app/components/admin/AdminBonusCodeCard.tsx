import { Link } from "@remix-run/react";
import { DeleteButton } from "~/components/admin/ConfirmDelete";
import type { DeleteQuestionProps } from "~/components/admin/ConfirmDelete";
import { SECONDARY_BUTTON } from "~/components/ui/buttons";
import type { BonusCodeView } from "~/domain/bonus-codes";
import { formatDateTime } from "~/domain/time";
import { BONUS_CODES_PAGE, DELETE_CODE_INTENT } from "./BonusCodeForm";

/** What deleting a code asks (docs/product.md §A2: delete behind a confirm step). */
export function bonusCodeDeleteQuestion(code: BonusCodeView): DeleteQuestionProps {
  return {
    id: `bonus-code-${code.id}`,
    heading: `Delete ${code.code}?`,
    text: "Members no longer see this code. This cannot be undone.",
    confirmLabel: "Delete Code",
    page: BONUS_CODES_PAGE,
    fields: { intent: DELETE_CODE_INTENT, id: code.id },
  };
}

/**
 * One code in the admin list (docs/product.md §A2): code, value, description, expiry, active or
 * expired, Edit and Delete. Edit opens the dialog when `onEdit` is given (JavaScript), else the
 * page's `?edit=id` form.
 */
export function AdminBonusCodeCard({
  code,
  onEdit,
}: {
  code: BonusCodeView;
  onEdit: (() => void) | undefined;
}) {
  const editLook = `${SECONDARY_BUTTON} px-4 py-2`;
  return (
    <li className="rounded-xl border border-accent bg-card p-5" aria-label={code.code}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="break-all font-mono text-xl font-bold tracking-wider text-primary">
            {code.code}
          </h3>
          <p className="mt-1 font-bold">{code.value}</p>
        </div>
        {code.expired ? (
          <span className="rounded-full border border-accent px-3 py-1 text-xs font-bold uppercase text-muted">
            Expired
          </span>
        ) : (
          <span className="rounded-full border border-success px-3 py-1 text-xs font-bold uppercase text-success">
            Active
          </span>
        )}
      </div>
      <p className="mt-2 break-words text-sm text-muted">{code.description}</p>
      <p className="mt-2 text-sm">
        {code.expired ? "Expired" : "Expires"}{" "}
        <time dateTime={code.expiresAt}>{formatDateTime(code.expiresAt)}</time>
      </p>
      <div className="mt-4 flex flex-wrap gap-2">
        {onEdit ? (
          <button type="button" onClick={onEdit} className={editLook}>
            Edit
          </button>
        ) : (
          <Link to={`?edit=${code.id}#bonus-code-form`} className={editLook}>
            Edit
          </Link>
        )}
        <DeleteButton
          question={bonusCodeDeleteQuestion(code)}
          confirmUrl={`?delete=${code.id}#delete-bonus-code`}
        />
      </div>
    </li>
  );
}

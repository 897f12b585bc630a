import { Form, Link } from "@remix-run/react";
import { useRef } from "react";
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from "~/components/ui/buttons";
import { useHydrated } from "~/components/ui/hooks";

/**
 * Deleting from an admin list behind a confirm step (DESIGN.md "Progressive enhancement"): with
 * JavaScript a modal <dialog>; without it a link to the page's `?delete=id` URL, where the page
 * shows the same question as a section (DeleteConfirmation).
 */
export interface DeleteQuestionProps {
  /** Unique in the page: the question's heading id derives from it. */
  id: string;
  /** "Delete Weekly Sprint?" */
  heading: string;
  /** What deleting does. */
  text: string;
  /** The confirming submit button: "Delete Race". */
  confirmLabel: string;
  /** The page the delete form posts to, and where Cancel goes without JavaScript. */
  page: string;
  /** The form's hidden fields (intent, id). */
  fields: Record<string, string | number>;
}

const DANGER_BUTTON =
  "inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md bg-destructive px-4 py-2 font-display font-bold uppercase tracking-wide text-page hover:brightness-110";

const headingId = (id: string) => `delete-title-${id}`;

function DeleteQuestion({
  question,
  onCancel,
}: {
  question: DeleteQuestionProps;
  onCancel?: () => void;
}) {
  return (
    <>
      <h2 id={headingId(question.id)} className="font-display text-xl font-bold uppercase">
        {question.heading}
      </h2>
      <p className="mt-2 text-muted">{question.text}</p>
      <div className="mt-5 flex flex-wrap gap-3">
        <Form method="post" action={question.page}>
          {Object.entries(question.fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <button type="submit" className={DANGER_BUTTON}>
            {question.confirmLabel}
          </button>
        </Form>
        {onCancel ? (
          <button type="button" onClick={onCancel} className={`${PRIMARY_BUTTON} px-4 py-2`}>
            Cancel
          </button>
        ) : (
          <Link to={question.page} className={`${PRIMARY_BUTTON} px-4 py-2`}>
            Cancel
          </Link>
        )}
      </div>
    </>
  );
}

/** A card's Delete: opens the dialog with JavaScript, else goes to `confirmUrl`. */
export function DeleteButton({
  question,
  confirmUrl,
}: {
  question: DeleteQuestionProps;
  /** The page's confirm step without JavaScript, e.g. "?delete=3#delete-race". */
  confirmUrl: string;
}) {
  const hydrated = useHydrated();
  const dialog = useRef<HTMLDialogElement>(null);
  const look = `${SECONDARY_BUTTON} px-4 py-2 text-destructive`;
  if (!hydrated) {
    return (
      <Link to={confirmUrl} className={look}>
        Delete
      </Link>
    );
  }
  return (
    <>
      <button type="button" onClick={() => dialog.current?.showModal()} className={look}>
        Delete
      </button>
      {/* A modal <dialog> closes on Escape or its buttons, never on a click outside it. */}
      <dialog
        ref={dialog}
        aria-labelledby={headingId(question.id)}
        className="max-w-md rounded-xl border border-accent bg-card p-6 text-white backdrop:bg-black/70"
      >
        <DeleteQuestion question={question} onCancel={() => dialog.current?.close()} />
      </dialog>
    </>
  );
}

/** The confirm step without JavaScript: a section of the page (its `?delete=id` URL). */
export function DeleteConfirmation({
  question,
  sectionId,
}: {
  question: DeleteQuestionProps;
  /** The anchor DeleteButton's confirmUrl points at. */
  sectionId: string;
}) {
  return (
    <section
      id={sectionId}
      role="alertdialog"
      aria-labelledby={headingId(question.id)}
      className="mt-8 rounded-xl border border-destructive bg-card p-6"
    >
      <DeleteQuestion question={question} />
    </section>
  );
}

import { Form } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { FormEvent, KeyboardEvent } from "react";
import { PRIMARY_BUTTON } from "~/components/ui/buttons";
import { INPUT } from "~/components/ui/form";
import type { ChatMessageView } from "~/domain/support-chat";
import { formatDateTime } from "~/domain/time";

/** Whose page it is: the player sees their own messages on the right, staff see theirs there. */
export type ChatViewer = "player" | "staff";

/**
 * A conversation's messages, oldest first: the viewer's side on the right, the other on the
 * left; staff replies carry the 'Staff' badge. A live region, so new messages are read out.
 */
export function ChatMessageList({
  messages,
  viewer,
  empty,
  typing,
}: {
  messages: ChatMessageView[];
  viewer: ChatViewer;
  empty: string;
  typing: string | null;
}) {
  const end = useRef<HTMLLIElement>(null);
  const newest = messages.at(-1)?.id;
  useEffect(() => {
    end.current?.scrollIntoView({ block: "nearest" });
  }, [newest]);
  return (
    <div className="max-h-[60vh] overflow-y-auto rounded-lg border border-accent bg-page p-3">
      <ol
        aria-label="Messages"
        aria-live="polite"
        className="space-y-3"
        data-testid="chat-messages"
      >
        {messages.length === 0 ? <li className="text-sm text-muted">{empty}</li> : null}
        {messages.map((message) => {
          const mine = message.isStaffReply === (viewer === "staff");
          return (
            <li
              key={message.id}
              className={`flex ${mine ? "justify-end" : "justify-start"}`}
              data-testid="chat-message"
              data-staff-reply={message.isStaffReply ? "true" : "false"}
            >
              <div
                className={`max-w-[85%] rounded-xl px-3 py-2 ${
                  mine ? "border border-primary/60 bg-card" : "border border-accent bg-card"
                }`}
              >
                <p className="flex flex-wrap items-center gap-2 text-xs text-muted">
                  <span className="font-bold text-white">{message.sender.username}</span>
                  {message.isStaffReply ? (
                    <span className="rounded bg-primary px-1.5 py-0.5 text-xs font-bold uppercase text-primary-foreground">
                      Staff
                    </span>
                  ) : null}
                  <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
                </p>
                <p className="mt-1 whitespace-pre-wrap break-words text-sm">{message.message}</p>
              </div>
            </li>
          );
        })}
        <li ref={end} aria-hidden="true" />
      </ol>
      {typing ? (
        <p className="mt-2 text-xs italic text-muted" data-testid="chat-typing">
          {typing} is typing…
        </p>
      ) : null}
    </div>
  );
}

/**
 * The message box and Send: a plain POST form (post/redirect/get) that works without
 * JavaScript. With it, `send` takes the text over the socket and the page does not navigate;
 * when the socket is not open, the form posts as usual.
 */
export function ChatComposer({
  label,
  placeholder,
  hidden,
  error,
  send,
  typed,
}: {
  label: string;
  placeholder: string;
  hidden: Record<string, string>;
  error: string | null;
  send: (message: string) => boolean;
  typed: () => void;
}) {
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const box = event.currentTarget.elements.namedItem("message");
    if (!(box instanceof HTMLTextAreaElement) || box.value.trim() === "") return;
    if (send(box.value)) {
      event.preventDefault();
      box.value = "";
      box.focus();
    }
  };
  // Enter sends, Shift+Enter breaks the line (with JavaScript; without it the button sends).
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    event.currentTarget.form?.requestSubmit();
  };
  return (
    <Form method="post" className="mt-4" onSubmit={onSubmit} preventScrollReset>
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor="chat-message" className="mb-1 block text-sm font-bold">
        {label}
      </label>
      <div className="flex items-end gap-2">
        <textarea
          id="chat-message"
          name="message"
          rows={2}
          required
          placeholder={placeholder}
          className={INPUT}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "chat-message-error" : undefined}
          onKeyDown={onKeyDown}
          onInput={typed}
        />
        <button type="submit" className={`${PRIMARY_BUTTON} px-5 py-2`}>
          Send
        </button>
      </div>
      {error ? (
        <p id="chat-message-error" role="alert" className="mt-2 text-sm text-red-400">
          {error}
        </p>
      ) : null}
    </Form>
  );
}

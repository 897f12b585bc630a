import {
  isStorablePercentEncoded,
  isStorableText,
  UNSTORABLE_TEXT_MESSAGE,
} from "~/lib/storable-text";

/**
 * Page forms are a few fields; anything bigger is refused before it is parsed (by the declared
 * Content-Length and by the bytes actually read). JSON API bodies have their own, smaller cap.
 */
export const MAX_FORM_BODY_BYTES = 64 * 1024;

const FORM_CONTENT_TYPE = /^\s*(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i;

export const NOT_A_FORM_MESSAGE =
  "Send the form as application/x-www-form-urlencoded or multipart/form-data";
export const FORM_TOO_LARGE_MESSAGE = "The form is too large";
export const MALFORMED_FORM_MESSAGE = "The form could not be read";

/** A thrown answer: Remix shows it through the error boundary (its status text is the message). */
function refusal(status: 400 | 413 | 415, message: string): Response {
  return new Response(message, {
    status,
    statusText: message,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}

/**
 * The whole body, or null as soon as it passes `limit` bytes (the rest is not read): a chunked or
 * mislabelled body never fills memory before its size is known. JSON API bodies use it too.
 */
export async function readBodyWithin(
  request: Request,
  limit: number,
): Promise<Uint8Array<ArrayBuffer> | null> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body?.getReader();
  if (!reader) return new Uint8Array();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      // Not cancelled: that destroys the request, and its connection before the answer is sent.
      // The server discards the rest after the answer (app/http/express-server.server.ts).
      reader.releaseLock();
      return null;
    }
    chunks.push(value);
  }
  return new Uint8Array(Buffer.concat(chunks));
}

/**
 * The form of a page action's request: every page action reads its body through here. Throws a
 * 415 for anything but a urlencoded or multipart form (JSON, text, no type), a 413 past
 * MAX_FORM_BODY_BYTES and a 400 for a body that does not parse (a truncated multipart) or holds
 * text the database cannot store (./storable-text.ts).
 */
export async function readForm(request: Request): Promise<FormData> {
  const contentType = request.headers.get("Content-Type") ?? "";
  if (!FORM_CONTENT_TYPE.test(contentType)) throw refusal(415, NOT_A_FORM_MESSAGE);
  if (Number(request.headers.get("Content-Length") ?? 0) > MAX_FORM_BODY_BYTES) {
    throw refusal(413, FORM_TOO_LARGE_MESSAGE);
  }
  const body = await readBodyWithin(request, MAX_FORM_BODY_BYTES);
  if (!body) throw refusal(413, FORM_TOO_LARGE_MESSAGE);
  if (/urlencoded/i.test(contentType) && !isStorableEncodedForm(body)) {
    throw refusal(400, UNSTORABLE_TEXT_MESSAGE);
  }
  let form: FormData;
  try {
    form = await new Response(body, { headers: { "Content-Type": contentType } }).formData();
  } catch {
    throw refusal(400, MALFORMED_FORM_MESSAGE);
  }
  for (const [name, value] of form) {
    if (!isStorableText(name) || (typeof value === "string" && !isStorableText(value))) {
      throw refusal(400, UNSTORABLE_TEXT_MESSAGE);
    }
  }
  return form;
}

/** An urlencoded body whose bytes and percent-encoded bytes are UTF-8 (./storable-text.ts). */
function isStorableEncodedForm(body: Uint8Array): boolean {
  try {
    return isStorablePercentEncoded(new TextDecoder("utf-8", { fatal: true }).decode(body));
  } catch {
    return false;
  }
}

/**
 * The request again, its body replaced by a form already read with readForm: for code that reads
 * the body itself (remix-auth's FormStrategy). The other headers (cookie, user agent) stay.
 */
export function requestWithForm(request: Request, form: FormData): Request {
  const headers = new Headers(request.headers);
  // The form's own encoding sets both.
  headers.delete("Content-Type");
  headers.delete("Content-Length");
  return new Request(request.url, { method: request.method, headers, body: form });
}

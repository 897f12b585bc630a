import { Fragment } from "react";

/**
 * An e-mail address that, when the line is too short for it, wraps before its "@" or a dot rather
 * than mid-word (issue 35); a part longer than the line still wraps where its box says.
 */
export function EmailAddress({ email }: { email: string }) {
  return email.split(/(?=[@.])/).map((part, index) => (
    <Fragment key={index}>
      {index > 0 ? <wbr /> : null}
      {part}
    </Fragment>
  ));
}

import { parseWithZod } from "@conform-to/zod/v4";
import { passwordChangeSchema, profileSchema } from "~/domain/account-forms";

// The profile's forms read with their zod schemas: by the route's action on the server (through
// routes/profile.server) and, loaded once a form is shown, by the browser
// (useValidationWhenShown in ~/components/ui/form). Never imported statically by a component:
// zod would join the page's first scripts (docs/decisions/0086).

export const validateProfile = (formData: FormData) =>
  parseWithZod(formData, { schema: profileSchema });

export const validatePasswordChange = (formData: FormData) =>
  parseWithZod(formData, { schema: passwordChangeSchema });

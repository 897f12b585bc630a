// The route's import of the profile's form validation: as a route-private .server module it is
// left out of the route's browser bundle, and zod with it (docs/decisions/0086).
export { validatePasswordChange, validateProfile } from "~/lib/account-form-validation";

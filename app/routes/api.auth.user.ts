// /api/auth/user is the same call as /api/user.
export { action, loader } from "./api.user";

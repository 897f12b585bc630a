// /api/login is the same call as /api/auth/login (docs/product.md §P7 lists both paths).
export { action, loader } from "./api.auth.login";

// /api/logout is the same call as /api/auth/logout (docs/product.md §P7 lists both paths).
export { action, loader } from "./api.auth.logout";

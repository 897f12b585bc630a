// /api/register is the same call as /api/auth/register (docs/product.md §P7 lists both paths).
export { action, loader } from "./api.auth.register";

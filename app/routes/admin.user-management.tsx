// `/admin/user-management` is `/admin/users` (the menus link here; docs/product.md §A2).
export { action, default, loader, meta } from "./admin.users";

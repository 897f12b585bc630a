// `/admin/dashboard` is `/admin` (the menus link here; docs/product.md §A2).
export { default, loader, meta } from "./admin._index";

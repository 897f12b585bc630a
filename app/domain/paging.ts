/** The admin lists' page size (docs/product.md §A2 "Admin user management": 25 a page). */
export const ADMIN_PAGE_SIZE = 25;

export interface PageWindow {
  /** 1-based, clamped to the pages that exist. */
  page: number;
  totalPages: number;
  offset: number;
  limit: number;
}

/** A requested page (`?page=`, anything unreadable is page 1) within `total` rows. */
export function pageWindow(
  requested: string | null | undefined,
  total: number,
  size: number = ADMIN_PAGE_SIZE,
): PageWindow {
  const totalPages = Math.max(1, Math.ceil(total / size));
  const asked = requested && /^\d{1,9}$/.test(requested) ? Number(requested) : 1;
  const page = Math.min(Math.max(asked, 1), totalPages);
  return { page, totalPages, offset: (page - 1) * size, limit: size };
}

/** 'Page X of Y'. */
export function pageLabel({ page, totalPages }: { page: number; totalPages: number }): string {
  return `Page ${page} of ${totalPages}`;
}

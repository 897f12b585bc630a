import { useRouteLoaderData } from "@remix-run/react";
import type { loader as rootLoader } from "~/root";

// The one module that knows the root loader's type (lint refuses `~/root` elsewhere): pages and
// components read the signed-in user and the site-wide figures through these hooks.

/** The root loader's data; undefined where it did not run (an error page rendered before it). */
export function useRootData() {
  return useRouteLoaderData<typeof rootLoader>("root");
}

/** The signed-in user as the root loader gives it, or null for a visitor. */
export function useOptionalUser() {
  return useRootData()?.user ?? null;
}

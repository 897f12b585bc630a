/**
 * One instance per process. server.ts (run by tsx) and the Remix server bundle each hold their own
 * copy of a module, so module-level state would exist twice; keying it on globalThis shares it.
 */
export function singleton<T>(name: string, create: () => T): T {
  const store = globalThis as typeof globalThis & { __goatedSingletons?: Map<string, unknown> };
  store.__goatedSingletons ??= new Map();
  if (!store.__goatedSingletons.has(name)) store.__goatedSingletons.set(name, create());
  return store.__goatedSingletons.get(name) as T;
}

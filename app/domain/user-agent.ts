/**
 * Device and browser names for the session list (docs/product.md §P2, Sessions tab). Order matters: iPad and
 * Android tablets before phones, and Edge and Opera before Chrome, whose token they also carry.
 */
export type DeviceName =
  | "iPhone"
  | "iPad"
  | "Android Phone"
  | "Android Tablet"
  | "Mac"
  | "Windows PC"
  | "Linux"
  | "Unknown Device";

export type BrowserName = "Chrome" | "Firefox" | "Safari" | "Edge" | "Opera" | "Unknown Browser";

export function deviceFromUserAgent(userAgent: string): DeviceName {
  if (/iPhone/i.test(userAgent)) return "iPhone";
  if (/iPad/i.test(userAgent)) return "iPad";
  // Android phones say "Mobile"; tablets do not.
  if (/Android/i.test(userAgent))
    return /Mobile/i.test(userAgent) ? "Android Phone" : "Android Tablet";
  if (/Macintosh|Mac OS X/i.test(userAgent)) return "Mac";
  if (/Windows/i.test(userAgent)) return "Windows PC";
  if (/Linux|X11/i.test(userAgent)) return "Linux";
  return "Unknown Device";
}

export function browserFromUserAgent(userAgent: string): BrowserName {
  if (/Edg(e|A|iOS)?\//i.test(userAgent)) return "Edge";
  if (/OPR\/|Opera|OPiOS/i.test(userAgent)) return "Opera";
  if (/Firefox\/|FxiOS/i.test(userAgent)) return "Firefox";
  if (/Chrome\/|CriOS|Chromium/i.test(userAgent)) return "Chrome";
  if (/Safari\//i.test(userAgent)) return "Safari";
  return "Unknown Browser";
}

import QRCode from "qrcode";

/**
 * A QR code drawn on the server as SVG, as a data: URL for an <img> (the CSP allows data: images
 * and no inline styles): nothing for the browser to download or run.
 */
export async function qrCodeDataUrl(text: string): Promise<string> {
  const svg = await QRCode.toString(text, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg, "utf8").toString("base64")}`;
}

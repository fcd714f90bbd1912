import QRCode from "qrcode";

/**
 * A link as a QR code, drawn as SVG markup by the `qrcode` library (issue 27): sharp at any size, on
 * screen and on paper. Medium error correction survives a crease in a printed notice.
 */
export function qrSvg(url: string): Promise<string> {
  return QRCode.toString(url, {
    type: "svg",
    errorCorrectionLevel: "M",
    margin: 2,
    color: { dark: "#000000", light: "#ffffff" },
  });
}

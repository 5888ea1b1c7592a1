import QRCode from 'qrcode';

/** The base32 secret of an `otpauth://totp/…?secret=…` address, for typing into an app by hand. */
export function totpSecretOf(totpURI: string): string {
  return new URL(totpURI).searchParams.get('secret') ?? '';
}

/**
 * The address as a QR code an authenticator app scans, drawn as SVG on the server: the secret
 * never goes to a third-party QR service, and the browser needs no QR library for it.
 */
export function totpQrCodeSvg(totpURI: string): Promise<string> {
  return QRCode.toString(totpURI, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}

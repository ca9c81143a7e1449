import type { ReactNode } from 'react';

/**
 * Parts only the server draws, inside <noscript> for a browser without the app: the server's renderer
 * registers them (src/prerender/render.tsx), so their code is no part of the browser's bundle. In the
 * browser they are never drawn (React leaves <noscript> alone).
 */
export const serverParts: {
  /** A QR code as an SVG image, named by `label`. */
  qr?: (text: string, label: string) => ReactNode;
} = {};

/**
 * The deposit QR as an image file, for a player paying from the phone that shows it: the bank app reads
 * a QR from the photo gallery, so the page offers to save the QR (or hand it to the bank app through the
 * share sheet). Made from the QR on screen (antd draws it as SVG): drawn on a canvas with a white quiet
 * zone, exported as PNG.
 */

/** Side of the QR itself in the image, px; the white margin around it adds a tenth on each side. */
const QR_PX = 480;

export async function qrPngFile(svg: SVGSVGElement, fileName: string): Promise<File> {
  const xml = new XMLSerializer().serializeToString(svg);
  const image = new Image();
  const loaded = new Promise<void>((resolve, reject) => {
    image.onload = () => resolve();
    image.onerror = () => reject(new Error('the QR could not be drawn'));
  });
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(xml)}`;
  await loaded;
  const margin = QR_PX / 10;
  const canvas = document.createElement('canvas');
  canvas.width = QR_PX + 2 * margin;
  canvas.height = QR_PX + 2 * margin;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no canvas here');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(image, margin, margin, QR_PX, QR_PX);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new Error('the QR image could not be made');
  return new File([blob], fileName, { type: 'image/png' });
}

/** Whether this browser can hand an image to another app (Web Share API with files: phones mostly). */
export function canShareImages(): boolean {
  if (typeof navigator.share !== 'function' || typeof navigator.canShare !== 'function') return false;
  try {
    return navigator.canShare({ files: [new File([''], 'qr.png', { type: 'image/png' })] });
  } catch {
    return false;
  }
}

export async function shareImage(file: File, title: string): Promise<void> {
  try {
    await navigator.share({ files: [file], title });
  } catch (err) {
    // The player closed the share sheet: nothing to report.
    if ((err as Error).name !== 'AbortError') throw err;
  }
}

/** Saves the file through a download link, as if the player had clicked `<a download>`. */
export function downloadFile(file: File): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.name;
  document.body.append(link);
  link.click();
  link.remove();
  // Long enough for the browser to start the download.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

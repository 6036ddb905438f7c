/** A camera photo is shrunk to this many pixels on its longer side before it waits on the phone. */
export const PHOTO_MAX_SIDE = 1600;
const JPEG_QUALITY = 0.8;

function readAsDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The photo could not be read'));
    reader.readAsDataURL(blob);
  });
}

/**
 * A phone camera's photo is several megabytes; shrunk to 1600 px as a JPEG it is a few hundred kilobytes,
 * which is what a slow network and the phone's storage can carry. A browser that cannot draw the image
 * (or a shrink that comes out larger) keeps the original.
 */
async function shrunk(file: File): Promise<{ blob: Blob; fileName: string }> {
  const original = { blob: file as Blob, fileName: file.name || 'photo.jpg' };
  if (typeof createImageBitmap !== 'function') return original;
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, PHOTO_MAX_SIDE / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) =>
      canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY),
    );
    if (!blob || blob.size >= file.size) return original;
    return { blob, fileName: `${(file.name || 'photo').replace(/\.[^.]*$/, '')}.jpg` };
  } catch {
    return original;
  }
}

/** The photo as it will wait on the phone and be sent: a data: URL, its size in bytes and its name. */
export async function photoData(file: File): Promise<{ dataUrl: string; bytes: number; fileName: string }> {
  const { blob, fileName } = await shrunk(file);
  return { dataUrl: await readAsDataUrl(blob), bytes: blob.size, fileName };
}

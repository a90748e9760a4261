import { fileToBase64 } from '../../../lib/read-file';

/**
 * A picked file as the request APIs take it (`{ name, mime, contentBase64 }`), or null when its
 * type is not one of `types` or its size is 0 or over `maxBytes` (the server checks the content).
 * A browser's "image/jpg" counts as "image/jpeg".
 */
export async function readAttachment<T extends string>(
  f: File,
  types: readonly T[],
  maxBytes: number,
): Promise<{ name: string; mime: T; contentBase64: string } | null> {
  const mime = (f.type === 'image/jpg' ? 'image/jpeg' : f.type) as T;
  if (!types.includes(mime) || f.size === 0 || f.size > maxBytes) return null;
  return { name: f.name, mime, contentBase64: await fileToBase64(f) };
}

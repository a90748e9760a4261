import { fileToBase64 } from '../../lib/read-file';

/**
 * A chosen file as the API takes it (`{fileName, contentType, contentBase64}`), or null when its
 * type is not one of `types` or its size is 0 or over `maxBytes` (the server checks the content).
 */
export async function readUpload<T extends string>(
  f: File,
  types: readonly T[],
  maxBytes: number,
): Promise<{ fileName: string; contentType: T; contentBase64: string } | null> {
  const type = f.type as T;
  if (!types.includes(type) || f.size === 0 || f.size > maxBytes) return null;
  return { fileName: f.name, contentType: type, contentBase64: await fileToBase64(f) };
}

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
  // A data: URL is "data:<type>;base64,<bytes>": the part after the comma is the file as base64.
  const url = await new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(f);
  });
  return { fileName: f.name, contentType: type, contentBase64: url.slice(url.indexOf(',') + 1) };
}

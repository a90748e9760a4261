/** The columns of a stored upload row (every attachment table has them): name, type, size in bytes, the bytes, the uploader. */
export const uploadColumns = <M extends string>(file: { name: string; mime: M }, content: Buffer, uploaderUserId: number) => ({
  name: file.name,
  mime: file.mime,
  size: content.length,
  content,
  uploaded_by_user_id: uploaderUserId,
});

import { z } from 'zod';

/** The bytes of an uploaded file, base64 in a JSON body (the API takes JSON bodies only), at most `maxBytes`. */
export const base64Content = (maxBytes: number) =>
  z
    .string()
    .min(4, 'is required')
    .max(Math.ceil(maxBytes / 3) * 4 + 4, `must be at most ${Math.round(maxBytes / 1024)} KB`)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'must be base64');

/** 700 KB: as base64 in a JSON body an upload stays under the server's 1 MB body limit. */
export const UPLOAD_MAX_BYTES = 700 * 1024;

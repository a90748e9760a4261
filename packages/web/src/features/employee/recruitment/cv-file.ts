import { CV_MAX_BYTES, CV_TYPES } from '@hr/core/browser';
import { readUpload } from '../read-upload';

/** A chosen CV as the API takes it, or null when its type or size is not allowed (the server checks the content). */
export const readCv = (f: File) => readUpload(f, CV_TYPES, CV_MAX_BYTES);

/** What the file input accepts. */
export const CV_ACCEPT = '.pdf,.docx,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document';

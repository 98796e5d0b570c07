import { z } from 'zod';

/** A route's PDF answer in the OpenAPI document: binary, described for the reader of the docs. */
export const pdfFileSchema = (description: string) => z.custom<Buffer>((value) => Buffer.isBuffer(value)).meta({ type: 'string', format: 'binary', description });

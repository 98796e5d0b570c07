import { v5 as uuidv5 } from 'uuid';

/** Fixed namespace: the same demo row always gets the same id, on every machine. */
const demoNamespace = '5b0f3c1e-8a53-4d6e-9a57-2f4c8b1d7e90';

/** The id of a demo row from its path of names (company slug, kind, key). */
export const demoId = (...parts: string[]) => uuidv5(parts.join('/'), demoNamespace);

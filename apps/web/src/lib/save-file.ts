/**
 * Hands a file to the browser's own download, as following a link to it would: the browser saves
 * it under `fileName` (or asks where, as the person has set it up).
 */
export const saveFile = (file: Blob, fileName: string) => {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file to the browser; the address is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
};

/**
 * Hands a text file to the browser as a download named `fileName`, as a link to a Blob would:
 * no server round trip, nothing left behind once the click is dispatched.
 */
export function downloadTextFile(fileName: string, type: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled, so that the download has its data.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Reloads the page: the one way the shell does it, so a test can tell that it did. */
export function reloadPage(): void {
  window.location.reload();
}

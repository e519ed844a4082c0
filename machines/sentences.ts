/**
 * A text's sentences, each ending at its full stop, question or exclamation mark: the bullets of
 * a refused password change (docs/contract.md §8, "Change password"), and the runs the Welsh
 * reading of the host's joined texts looks up (src/i18n/host-text.ts).
 */
export function sentencesOf(message: string): string[] {
  return message
    .split(/(?<=[.!?])\s+/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence !== '');
}
